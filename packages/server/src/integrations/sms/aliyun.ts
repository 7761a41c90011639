import { createHmac, randomUUID } from 'node:crypto';
import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { type ApiOptions, apiBase } from '../http/api-base.js';
import { peerDetail } from '../http/custom-http.js';
import type { Outbound } from '../http/outbound.js';

/**
 * "Aliyun SMS": Alibaba Cloud's dysmsapi SendSms (RPC style, API version 2017-05-25), signed with
 * signature version 1.0 (HMAC-SHA1 over the sorted, percent-encoded parameters).
 * Fields: clientId = AccessKey ID, clientSecret = AccessKey secret, signName, templateCode,
 * regionId (cn-hangzhou by default), endpoint (dysmsapi.aliyuncs.com by default; the international
 * site is dysmsapi.ap-southeast-1.aliyuncs.com). The template gets {"code": ...}.
 */

export const ALIYUN_SMS_API = 'https://dysmsapi.aliyuncs.com';
const DEFAULT_REGION = 'cn-hangzhou';

/** RFC 3986 percent-encoding, as Alibaba Cloud's POP signature requires ("~" kept, space as %20). */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signature 1.0: base64(HMAC-SHA1(secret + "&", METHOD&%2F&encode(sorted query))). */
export function aliyunSignature(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${aliyunPercentEncode(key)}=${aliyunPercentEncode(params[key] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/**
 * The number as dysmsapi wants it: mainland China numbers without +86, others as country code
 * and number without "+" (Casdoor strips +86 the same way).
 */
export function aliyunPhoneNumber(to: string): string {
  const trimmed = to.trim();
  if (trimmed.startsWith('+86')) return trimmed.slice(3);
  return trimmed.replace(/^\+/, '');
}

export interface AliyunRequestInput {
  to: string;
  code: string;
  /** Fixed in tests; the current time otherwise. */
  now?: Date;
  nonce?: string;
}

/** The signed parameters of one SendSms call. */
export function aliyunSendSmsParams(provider: Provider, input: AliyunRequestInput): Record<string, string> {
  const params: Record<string, string> = {
    AccessKeyId: provider.clientId.trim(),
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: aliyunPhoneNumber(input.to),
    RegionId: provider.regionId.trim() || DEFAULT_REGION,
    SignName: provider.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: input.nonce ?? randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: provider.templateCode.trim(),
    TemplateParam: JSON.stringify({ code: input.code }),
    Timestamp: (input.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  return { ...params, Signature: aliyunSignature('POST', params, provider.clientSecret) };
}

export async function sendAliyunSms(
  outbound: Outbound,
  provider: Provider,
  message: { to: string; code: string },
  options: ApiOptions = {},
) {
  for (const field of ['clientId', 'clientSecret', 'signName', 'templateCode'] as const) {
    if (!provider[field].trim()) throw new AppError('providerFieldMissing', { field });
  }
  const response = await outbound.fetch(`${apiBase(provider.endpoint, ALIYUN_SMS_API, options)}/`, {
    method: 'POST',
    body: new URLSearchParams(aliyunSendSmsParams(provider, message)),
  });
  const answer = response.jsonObject();
  if (response.ok && answer.Code === 'OK') return;
  const said = typeof answer.Message === 'string' ? answer.Message : '';
  const detail = typeof answer.Code === 'string' && answer.Code ? `${answer.Code}: ${said}` : peerDetail(response);
  throw new AppError('smsSendFailed', { detail });
}
