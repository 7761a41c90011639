import type { ProviderCategory } from './provider-categories.js';

/**
 * The types this release implements end to end (sign-in, sending, storing, verifying, paying);
 * every other type can be configured and is labelled "configuration only" in the console.
 */
export const IMPLEMENTED_PROVIDER_TYPES: Record<ProviderCategory, readonly string[]> = {
  OAuth: ['GitHub', 'Google', 'AzureAD', 'Custom'],
  Email: ['Default', 'Custom HTTP Email'],
  SMS: ['Custom HTTP SMS', 'Twilio SMS', 'Aliyun SMS'],
  Storage: ['Local File System', 'AWS S3', 'MinIO'],
  SAML: ['Custom', 'Keycloak'],
  Payment: ['Dummy', 'Balance'],
  Captcha: ['Default', 'reCAPTCHA v2', 'reCAPTCHA v3', 'hCaptcha', 'Cloudflare Turnstile'],
  Web3: ['MetaMask'],
  Notification: ['Custom HTTP', 'Slack', 'Telegram'],
  'Face ID': [],
};

export function isImplementedProviderType(category: string, type: string): boolean {
  return IMPLEMENTED_PROVIDER_TYPES[category as ProviderCategory]?.includes(type) ?? false;
}
