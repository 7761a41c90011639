import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HttpPeer, providerRecord, type RecordedRequest, startHttpPeer } from '../../test-support/messaging-peers.js';
import { loopbackOutbound } from '../../test-support/outbound.js';
import { aliyunPercentEncode, aliyunPhoneNumber, aliyunSendSmsParams, aliyunSignature } from './aliyun.js';
import { customSmsText } from './custom-http.js';
import { sendSmsWith } from './index.js';
import { callingCodeOf, e164, toE164 } from './phone.js';
import { twilioBody } from './twilio.js';

describe('phone numbers', () => {
  it('read E.164 numbers and national numbers of given regions', () => {
    expect(e164('+86 138-1234-5678')).toBe('+8613812345678');
    expect(e164('+14155552671')).toBe('+14155552671');
    expect(e164('+1415')).toBeNull();
    expect(e164('13812345678')).toBeNull();
    expect(toE164('13812345678', ['US', 'CN'])).toBe('+8613812345678');
    expect(toE164('(415) 555-2671', ['US'])).toBe('+14155552671');
    expect(toE164('13812345678', ['XX'])).toBeNull();
    expect(toE164('', ['CN'])).toBeNull();
    expect(callingCodeOf('+447911123456')).toBe('44');
  });
});

describe('Aliyun signature', () => {
  it("matches the worked example of Alibaba Cloud's signature documentation", () => {
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    expect(aliyunPercentEncode("a b*c~d!'()/:")).toBe('a%20b%2Ac~d%21%27%28%29%2F%3A');
  });
  it('formats numbers as dysmsapi wants them', () => {
    expect(aliyunPhoneNumber('+8613812345678')).toBe('13812345678');
    expect(aliyunPhoneNumber('+85291234567')).toBe('85291234567');
  });
  it('signs the SendSms parameters', () => {
    const provider = providerRecord({ clientId: 'id', clientSecret: 'secret', signName: '阿里云', templateCode: 'SMS_1' });
    const params = aliyunSendSmsParams(provider, { to: '+8613812345678', code: '123456', now: new Date(0), nonce: 'n' });
    expect(params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      RegionId: 'cn-hangzhou',
      PhoneNumbers: '13812345678',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '1970-01-01T00:00:00Z',
    });
  });
});

describe('message texts', () => {
  it('put the code into templates with %s, else send the code alone', () => {
    expect(twilioBody('Your code is %s.', '123456')).toBe('Your code is 123456.');
    expect(twilioBody('SMS_1234', '123456')).toBe('123456');
    expect(customSmsText('', '42')).toBe('42');
    expect(customSmsText('code: %s', '$&')).toBe('code: $&');
  });
});

/** Recomputes an Aliyun signature 1.0 the long way, independently of aliyun.ts. */
function expectedAliyunSignature(fields: Record<string, string>, secret: string): string {
  const encode = (s: string) =>
    Array.from(Buffer.from(s, 'utf8'))
      .map((byte) => {
        const c = String.fromCharCode(byte);
        return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      })
      .join('');
  const query = Object.entries(fields)
    .filter(([key]) => key !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`POST&%2F&${encode(query)}`)
    .digest('base64');
}

describe('SMS senders against a loopback peer', () => {
  let peer: HttpPeer;
  beforeAll(async () => {
    peer = await startHttpPeer();
  });
  afterAll(() => peer.close());
  beforeEach(() => {
    peer.requests.length = 0;
  });

  it('Aliyun: posts a SendSms call whose signature the peer verifies', async () => {
    peer.answer = (request: RecordedRequest) => {
      const valid = request.fields.Signature === expectedAliyunSignature(request.fields, 'aliyun-secret');
      return valid
        ? { json: { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r' } }
        : { status: 400, json: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched.' } };
    };
    const provider = providerRecord({
      category: 'SMS',
      type: 'Aliyun SMS',
      clientId: 'LTAI-test',
      clientSecret: 'aliyun-secret',
      signName: '阿里云短信测试',
      templateCode: 'SMS_154950909',
      regionId: 'cn-shanghai',
    });
    await sendSmsWith(loopbackOutbound, provider, { to: '+8613812345678', code: '123456' }, { baseUrl: peer.url });
    const request = peer.requests[0];
    expect(request).toMatchObject({ method: 'POST', path: '/' });
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.fields).toMatchObject({
      AccessKeyId: 'LTAI-test',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13812345678',
      RegionId: 'cn-shanghai',
      SignName: '阿里云短信测试',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_154950909',
      TemplateParam: '{"code":"123456"}',
      Version: '2017-05-25',
    });
    expect(request?.fields.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // A wrong secret is refused by the peer, and the refusal is reported.
    await expect(
      sendSmsWith(
        loopbackOutbound,
        { ...provider, clientSecret: 'wrong' },
        { to: '+8613812345678', code: '1' },
        { baseUrl: peer.url },
      ),
    ).rejects.toMatchObject({
      key: 'smsSendFailed',
      params: { detail: 'SignatureDoesNotMatch: Specified signature is not matched.' },
    });
    // The endpoint field works as the base address too.
    await sendSmsWith(loopbackOutbound, { ...provider, endpoint: peer.url }, { to: '+85291234567', code: '7' });
    expect(peer.requests.at(-1)?.fields.PhoneNumbers).toBe('85291234567');
  });

  it('Twilio: posts To, From and Body with Basic AccountSid:AuthToken', async () => {
    const sid = 'AC0123456789abcdef0123456789abcdef';
    peer.answer = (request) =>
      request.headers.authorization === `Basic ${Buffer.from(`${sid}:twilio-token`).toString('base64')}`
        ? { status: 201, json: { sid: 'SM1', status: 'queued' } }
        : { status: 401, json: { code: 20003, message: 'Authenticate', status: 401 } };
    const provider = providerRecord({
      category: 'SMS',
      type: 'Twilio SMS',
      clientId: sid,
      clientSecret: 'twilio-token',
      appId: '+15005550006',
      templateCode: 'Your Gatehouse code is %s',
    });
    await sendSmsWith(loopbackOutbound, provider, { to: '+14155552671', code: '123456' }, { baseUrl: peer.url });
    const request = peer.requests[0];
    expect(request).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${sid}/Messages.json` });
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.fields).toEqual({ To: '+14155552671', From: '+15005550006', Body: 'Your Gatehouse code is 123456' });

    const service = 'MG0123456789abcdef0123456789abcdef';
    await sendSmsWith(
      loopbackOutbound,
      { ...provider, appId: service, templateCode: '' },
      { to: '+14155552671', code: '9' },
      { baseUrl: peer.url },
    );
    expect(peer.requests.at(-1)?.fields).toEqual({ To: '+14155552671', MessagingServiceSid: service, Body: '9' });

    await expect(
      sendSmsWith(
        loopbackOutbound,
        { ...provider, clientSecret: 'wrong' },
        { to: '+14155552671', code: '1' },
        { baseUrl: peer.url },
      ),
    ).rejects.toMatchObject({ key: 'smsSendFailed', params: { detail: '20003: Authenticate' } });
    await expect(
      sendSmsWith(loopbackOutbound, { ...provider, appId: '' }, { to: '+14155552671', code: '1' }),
    ).rejects.toMatchObject({
      key: 'providerFieldMissing',
      params: { field: 'appId' },
    });
  });

  it('custom HTTP: sends the number and the text under their parameter names', async () => {
    peer.answer = () => ({ text: 'sent' });
    const provider = providerRecord({
      category: 'SMS',
      type: 'Custom HTTP SMS',
      endpoint: `${peer.url}/sms`,
      method: 'GET',
      title: 'code',
      httpHeaders: { Authorization: 'Bearer sms-key' },
    });
    await sendSmsWith(loopbackOutbound, provider, { to: '+8613812345678', code: '123456' });
    const get = peer.requests[0];
    expect(get).toMatchObject({ method: 'GET', path: '/sms' });
    expect(get?.headers.authorization).toBe('Bearer sms-key');
    expect(Object.fromEntries(get?.query ?? [])).toEqual({ phoneNumber: '+8613812345678', code: '123456' });

    const posted = {
      ...provider,
      method: 'POST',
      issuerUrl: 'application/json',
      templateCode: 'Code: %s',
      userMapping: { phoneNumber: 'mobile', content: 'text' },
    };
    await sendSmsWith(loopbackOutbound, posted, { to: '13812345678', code: '42' });
    const post = peer.requests.at(-1);
    expect(post?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ mobile: '13812345678', text: 'Code: 42' });

    peer.answer = () => ({ status: 500, text: 'gateway error' });
    await expect(sendSmsWith(loopbackOutbound, provider, { to: '+8613812345678', code: '1' })).rejects.toMatchObject({
      key: 'smsSendFailed',
      params: { detail: 'HTTP 500: gateway error' },
    });
  });

  it('refuses invalid numbers and types without a sender', async () => {
    const twilio = providerRecord({
      category: 'SMS',
      type: 'Twilio SMS',
      clientId: 'AC1',
      clientSecret: 't',
      appId: '+15005550006',
    });
    await expect(sendSmsWith(loopbackOutbound, twilio, { to: '12345', code: '1' })).rejects.toMatchObject({
      key: 'smsInvalidReceivers',
    });
    await expect(
      sendSmsWith(loopbackOutbound, { ...twilio, type: 'Tencent Cloud SMS' }, { to: '+8613812345678', code: '1' }),
    ).rejects.toMatchObject({
      key: 'providerTypeUnsupported',
    });
    expect(peer.requests).toHaveLength(0);
  });
});
