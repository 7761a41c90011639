import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HttpPeer, providerRecord, startHttpPeer } from '../../test-support/messaging-peers.js';
import { loopbackOutbound } from '../../test-support/outbound.js';
import { sendNotificationWith } from './index.js';
import { telegramChatId } from './telegram.js';

describe('Telegram chat ids', () => {
  it('are numbers or @channel names', () => {
    expect(telegramChatId('123456789')).toBe(123456789);
    expect(telegramChatId('-1001234567890')).toBe(-1001234567890);
    expect(telegramChatId('@gatehouse_alerts')).toBe('@gatehouse_alerts');
    expect(telegramChatId('alerts')).toBeNull();
    expect(telegramChatId('99999999999999999999')).toBeNull();
  });
});

describe('notification senders against a loopback peer', () => {
  let peer: HttpPeer;
  beforeAll(async () => {
    peer = await startHttpPeer();
  });
  afterAll(() => peer.close());
  beforeEach(() => {
    peer.requests.length = 0;
    peer.answer = () => ({ json: { ok: true } });
  });

  it('custom HTTP: the text under the title parameter, in the query for GET and form-encoded otherwise', async () => {
    peer.answer = () => ({ text: 'ok' });
    const provider = providerRecord({
      category: 'Notification',
      type: 'Custom HTTP',
      endpoint: `${peer.url}/notify`,
      method: 'GET',
      title: 'message',
      httpHeaders: { 'X-Token': 't1' },
    });
    await sendNotificationWith(loopbackOutbound, provider, { text: 'Hello & welcome' });
    expect(peer.requests[0]).toMatchObject({ method: 'GET', path: '/notify' });
    expect(peer.requests[0]?.query.get('message')).toBe('Hello & welcome');
    expect(peer.requests[0]?.headers['x-token']).toBe('t1');

    // Casdoor keeps the address in `receiver`; the default parameter name is "content".
    await sendNotificationWith(
      loopbackOutbound,
      { ...provider, endpoint: '', receiver: `${peer.url}/hook`, method: 'POST', title: '' },
      { text: 'Hi' },
    );
    expect(peer.requests[1]).toMatchObject({ method: 'POST', path: '/hook', fields: { content: 'Hi' } });
    expect(peer.requests[1]?.headers['content-type']).toBe('application/x-www-form-urlencoded');

    peer.answer = () => ({ status: 404, text: 'no such hook' });
    await expect(sendNotificationWith(loopbackOutbound, provider, { text: 'x' })).rejects.toMatchObject({
      key: 'notificationSendFailed',
      params: { detail: 'HTTP 404: no such hook' },
    });
  });

  it("Slack: chat.postMessage with the bot token and the receiver's channel", async () => {
    peer.answer = (request) =>
      request.headers.authorization === 'Bearer xoxb-good'
        ? { json: { ok: true, channel: 'C1', ts: '1.2' } }
        : { json: { ok: false, error: 'invalid_auth' } };
    const provider = providerRecord({
      category: 'Notification',
      type: 'Slack',
      clientSecret: 'xoxb-good',
      receiver: 'C024BE91L',
    });
    await sendNotificationWith(loopbackOutbound, provider, { text: 'Deploy finished' }, { baseUrl: peer.url });
    const request = peer.requests[0];
    expect(request).toMatchObject({ method: 'POST', path: '/api/chat.postMessage' });
    expect(request?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(request?.body ?? '')).toEqual({ channel: 'C024BE91L', text: 'Deploy finished' });
    // Slack refuses with HTTP 200 and ok: false.
    await expect(
      sendNotificationWith(loopbackOutbound, { ...provider, clientSecret: 'xoxb-bad' }, { text: 'x' }, { baseUrl: peer.url }),
    ).rejects.toMatchObject({ key: 'notificationSendFailed', params: { detail: 'invalid_auth' } });
    await expect(sendNotificationWith(loopbackOutbound, { ...provider, receiver: '' }, { text: 'x' })).rejects.toMatchObject({
      key: 'providerFieldMissing',
      params: { field: 'receiver' },
    });
  });

  it('Telegram: sendMessage under the bot token, which errors never show', async () => {
    peer.answer = (request) =>
      request.path === '/bot123:secret-token/sendMessage'
        ? { json: { ok: true, result: { message_id: 1 } } }
        : { status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } };
    const provider = providerRecord({
      category: 'Notification',
      type: 'Telegram',
      clientSecret: '123:secret-token',
      receiver: '-1001234567890',
      endpoint: peer.url,
    });
    await sendNotificationWith(loopbackOutbound, provider, { text: 'Hello' });
    const request = peer.requests[0];
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body ?? '')).toEqual({ chat_id: -1001234567890, text: 'Hello' });
    await expect(
      sendNotificationWith(loopbackOutbound, { ...provider, clientSecret: '123:wrong' }, { text: 'x' }),
    ).rejects.toMatchObject({
      key: 'notificationSendFailed',
      params: { detail: 'Unauthorized' },
    });
    const unreachable = sendNotificationWith(loopbackOutbound, { ...provider, endpoint: 'http://127.0.0.1:1' }, { text: 'x' });
    await expect(unreachable).rejects.toMatchObject({
      key: 'outboundFailed',
      params: { url: 'http://127.0.0.1:1/bot***/sendMessage' },
    });
    await expect(unreachable.catch((e: Error & { params: object }) => JSON.stringify(e.params))).resolves.not.toContain('secret');
    await expect(
      sendNotificationWith(loopbackOutbound, { ...provider, receiver: 'my-chat' }, { text: 'x' }),
    ).rejects.toMatchObject({
      key: 'providerFieldInvalid',
    });
  });

  it('refuses types without a sender', async () => {
    await expect(
      sendNotificationWith(loopbackOutbound, providerRecord({ category: 'Notification', type: 'Discord' }), { text: 'x' }),
    ).rejects.toMatchObject({ key: 'providerTypeUnsupported', params: { type: 'Discord' } });
  });
});
