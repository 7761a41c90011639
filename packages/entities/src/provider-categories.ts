/** The categories of providers, in the order the console lists them. */
export const PROVIDER_CATEGORIES = [
  'OAuth',
  'Email',
  'SMS',
  'Storage',
  'SAML',
  'Payment',
  'Captcha',
  'Web3',
  'Notification',
  'Face ID',
] as const;
export type ProviderCategory = (typeof PROVIDER_CATEGORIES)[number];
