import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { isJsonObject } from '../../http/params.js';
import type { Outbound } from '../http/outbound.js';

/**
 * Captcha services whose widget runs in the browser and hands the page a token, which the server
 * checks against the vendor's siteverify endpoint (form fields secret, response, remoteip; answer
 * {success, ...}). The provider's clientId is the site key, clientSecret the secret key; its
 * endpoint, when set, replaces the vendor's address (a proxy, a regional host, tests).
 */
export const SITEVERIFY_URLS: Readonly<Record<string, string>> = {
  'reCAPTCHA v2': 'https://www.google.com/recaptcha/api/siteverify',
  'reCAPTCHA v3': 'https://www.google.com/recaptcha/api/siteverify',
  hCaptcha: 'https://api.hcaptcha.com/siteverify',
  'Cloudflare Turnstile': 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

/**
 * reCAPTCHA v3 scores each request from 0.0 (a bot) to 1.0 (a person) instead of asking a
 * question; requests below this score are refused (Google's suggested starting threshold).
 */
export const RECAPTCHA_V3_MIN_SCORE = 0.5;

export function isRemoteCaptchaType(type: string): boolean {
  return type in SITEVERIFY_URLS;
}

/** Asks the provider's service whether `token` is a solved challenge. */
export async function verifyRemoteToken(
  outbound: Outbound,
  provider: Provider,
  token: string,
  remoteIp?: string,
): Promise<boolean> {
  const defaultUrl = SITEVERIFY_URLS[provider.type];
  if (!defaultUrl) throw new AppError('captchaTypeUnsupported', { type: provider.type });
  if (!provider.clientSecret?.trim()) throw new AppError('providerFieldMissing', { field: 'clientSecret' });
  const url = provider.endpoint?.trim() || defaultUrl;
  const form = new URLSearchParams({ secret: provider.clientSecret.trim(), response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  // hCaptcha checks that the token was issued for the site key when it is given.
  if (provider.type === 'hCaptcha' && provider.clientId?.trim()) form.set('sitekey', provider.clientId.trim());
  const response = await outbound.fetch(url, { method: 'POST', body: form, headers: { accept: 'application/json' } });
  const answer = response.json();
  if (!response.ok || !isJsonObject(answer)) {
    throw new AppError('captchaServiceFailed', { url, status: response.status });
  }
  if (answer.success !== true) return false;
  if (provider.type === 'reCAPTCHA v3') return typeof answer.score === 'number' && answer.score >= RECAPTCHA_V3_MIN_SCORE;
  return true;
}

/**
 * What the console's pages must allow for the vendors' widgets to run (their documented content
 * security policy sources): scripts and frames, plus hCaptcha's styles and calls.
 */
export const CAPTCHA_WIDGET_SOURCES = {
  script: [
    'https://www.google.com/recaptcha/',
    'https://www.gstatic.com/recaptcha/',
    'https://hcaptcha.com',
    'https://*.hcaptcha.com',
    'https://challenges.cloudflare.com',
  ],
  frame: [
    'https://www.google.com/recaptcha/',
    'https://recaptcha.google.com/recaptcha/',
    'https://hcaptcha.com',
    'https://*.hcaptcha.com',
    'https://challenges.cloudflare.com',
  ],
  style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
} as const;
