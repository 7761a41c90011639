/**
 * Provider categories and their types, without zod: the sign-in pages
 * read them too. Types marked in IMPLEMENTED_PROVIDER_TYPES work end to end; the others can be
 * configured and are labelled as configuration only in the console.
 */
export { PROVIDER_CATEGORIES, type ProviderCategory } from './provider-categories.js';

import type { ProviderCategory } from './provider-categories.js';

/** The types of each category, as Casdoor offers them (value = what is stored). */
export const PROVIDER_TYPES: Record<ProviderCategory, readonly string[]> = {
  OAuth: [
    'Google',
    'GitHub',
    'QQ',
    'WeChat',
    'WeChatMiniProgram',
    'Facebook',
    'DingTalk',
    'Weibo',
    'Gitee',
    'LinkedIn',
    'WeCom',
    'Lark',
    'GitLab',
    'ADFS',
    'Baidu',
    'Alipay',
    'Casdoor',
    'Infoflow',
    'Apple',
    'AzureAD',
    'AzureADB2C',
    'Slack',
    'Steam',
    'Bilibili',
    'Okta',
    'Douyin',
    'Kwai',
    'Line',
    'Amazon',
    'Auth0',
    'BattleNet',
    'Bitbucket',
    'Box',
    'CloudFoundry',
    'Dailymotion',
    'Deezer',
    'DigitalOcean',
    'Discord',
    'Dropbox',
    'EveOnline',
    'Fitbit',
    'Gitea',
    'Heroku',
    'InfluxCloud',
    'Instagram',
    'Intercom',
    'Kakao',
    'Lastfm',
    'Mailru',
    'Meetup',
    'MicrosoftOnline',
    'Naver',
    'Nextcloud',
    'OneDrive',
    'Oura',
    'Patreon',
    'PayPal',
    'SalesForce',
    'Shopify',
    'Soundcloud',
    'Spotify',
    'Strava',
    'Stripe',
    'TikTok',
    'Tumblr',
    'Twitch',
    'Twitter',
    'Typetalk',
    'Uber',
    'VK',
    'Wepay',
    'Xero',
    'Yahoo',
    'Yammer',
    'Yandex',
    'Zoom',
    'Custom',
  ],
  Email: ['Default', 'SUBMAIL', 'Mailtrap', 'Azure ACS', 'SendGrid', 'Custom HTTP Email'],
  SMS: [
    'Aliyun SMS',
    'Amazon SNS',
    'Azure ACS',
    'Custom HTTP SMS',
    'Mock SMS',
    'OSON SMS',
    'Infobip SMS',
    'Tencent Cloud SMS',
    'Baidu Cloud SMS',
    'Volc Engine SMS',
    'Huawei Cloud SMS',
    'UCloud SMS',
    'Twilio SMS',
    'SmsBao SMS',
    'SUBMAIL SMS',
    'Msg91 SMS',
  ],
  Storage: [
    'Local File System',
    'AWS S3',
    'MinIO',
    'Aliyun OSS',
    'Tencent Cloud COS',
    'Azure Blob',
    'Qiniu Cloud Kodo',
    'Google Cloud Storage',
    'Synology',
    'Casdoor',
    'CUCloud OSS',
  ],
  SAML: ['Aliyun IDaaS', 'Keycloak', 'Custom'],
  Payment: ['Dummy', 'Balance', 'Alipay', 'WeChat Pay', 'PayPal', 'Stripe', 'AirWallex', 'GC'],
  Captcha: ['Default', 'reCAPTCHA v2', 'reCAPTCHA v3', 'hCaptcha', 'Aliyun Captcha', 'GEETEST', 'Cloudflare Turnstile'],
  Web3: ['MetaMask', 'Web3Onboard'],
  Notification: [
    'Telegram',
    'Custom HTTP',
    'DingTalk',
    'Lark',
    'Microsoft Teams',
    'Bark',
    'Pushover',
    'Pushbullet',
    'Slack',
    'Webpush',
    'Discord',
    'Google Chat',
    'Line',
    'Matrix',
    'Twitter',
    'Reddit',
    'Rocket Chat',
    'Viber',
    'CUCloud',
  ],
  'Face ID': ['Alibaba Cloud Facebody'],
};

/** Every type of every category, once (the list's type filter). */
export const ALL_PROVIDER_TYPES: readonly string[] = [...new Set(Object.values(PROVIDER_TYPES).flat())];

/** The type a provider gets when its category changes. */
export const CATEGORY_DEFAULT_TYPE: Record<ProviderCategory, string> = {
  OAuth: 'Google',
  Email: 'Default',
  SMS: 'Twilio SMS',
  Storage: 'AWS S3',
  SAML: 'Keycloak',
  Payment: 'PayPal',
  Captcha: 'Default',
  Web3: 'MetaMask',
  Notification: 'Telegram',
  'Face ID': 'Alibaba Cloud Facebody',
};

/** Sub types: WeCom and Infoflow Internal or Third-party; Aliyun Captcha nc or ic. */
export const PROVIDER_SUB_TYPES: Record<string, readonly string[]> = {
  WeCom: ['Internal', 'Third-party'],
  Infoflow: ['Internal', 'Third-party'],
  'Aliyun Captcha': ['nc', 'ic'],
};

/** Methods: WeCom Normal or Silent; the custom HTTP types their HTTP method (notifications GET or POST). */
export const PROVIDER_METHODS: Record<string, readonly string[]> = {
  WeCom: ['Normal', 'Silent'],
  'Custom HTTP Email': ['GET', 'POST', 'PUT', 'DELETE'],
  'Custom HTTP SMS': ['GET', 'POST', 'PUT', 'DELETE'],
  'Custom HTTP': ['GET', 'POST'],
};

export { IMPLEMENTED_PROVIDER_TYPES, isImplementedProviderType } from './implemented-provider-types.js';

/**
 * The vendor APIs whose address a provider's optional `endpoint` replaces (a regional or
 * self-hosted endpoint, a proxy), by category and type: the addresses used when it is empty. One
 * endpoint replaces all of a type's addresses. The server's senders and verifiers call these
 * (packages/server/src/integrations; a test there checks that the two lists agree).
 */
export const VENDOR_API_DEFAULTS: Partial<Record<ProviderCategory, Readonly<Record<string, readonly string[]>>>> = {
  OAuth: {
    GitHub: ['https://github.com', 'https://api.github.com'],
    Google: ['https://accounts.google.com', 'https://oauth2.googleapis.com', 'https://openidconnect.googleapis.com'],
    AzureAD: ['https://login.microsoftonline.com', 'https://graph.microsoft.com'],
  },
  SMS: { 'Twilio SMS': ['https://api.twilio.com'], 'Aliyun SMS': ['https://dysmsapi.aliyuncs.com'] },
  Notification: { Slack: ['https://slack.com'], Telegram: ['https://api.telegram.org'] },
  Captcha: {
    'reCAPTCHA v2': ['https://www.google.com/recaptcha/api/siteverify'],
    'reCAPTCHA v3': ['https://www.google.com/recaptcha/api/siteverify'],
    hCaptcha: ['https://api.hcaptcha.com/siteverify'],
    'Cloudflare Turnstile': ['https://challenges.cloudflare.com/turnstile/v0/siteverify'],
  },
};

/** The default addresses a provider's endpoint replaces, or null when its type has no such override. */
export function vendorApiDefaults(category: string, type: string): readonly string[] | null {
  return VENDOR_API_DEFAULTS[category as ProviderCategory]?.[type] ?? null;
}

/**
 * The request parameters the custom HTTP SMS type's user mapping may rename: the phone number
 * (default `phoneNumber`) and the text (default: the provider's title, else `code`).
 */
export const CUSTOM_HTTP_SMS_MAPPING_KEYS = ['phoneNumber', 'content'] as const;

/** Content types of the custom HTTP e-mail type (form-encoded is the default). */
export const CUSTOM_HTTP_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'application/json'] as const;

/** The default e-mail host and port (an Email provider's, when its category is chosen). */
export const DEFAULT_EMAIL_HOST = 'smtp.example.com';
export const DEFAULT_EMAIL_PORT = 465;
/** The code a test SMS carries. */
export const DEFAULT_SMS_TEST_CODE = '123456';
/** The scope of a custom OAuth provider. */
export const DEFAULT_CUSTOM_OAUTH_SCOPE = 'openid profile email';
/** Placeholder addresses a custom OAuth provider starts with (an identity server at door.example.com). */
export const DEFAULT_CUSTOM_OAUTH_URLS = {
  customAuthUrl: 'https://door.example.com/login/oauth/authorize',
  customTokenUrl: 'https://door.example.com/api/login/oauth/access_token',
  customUserInfoUrl: 'https://door.example.com/api/userinfo',
} as const;

/**
 * User mapping: which claim of the identity server's answer fills which user
 * field (OAuth providers), or which body parameter carries which part of a message (the custom HTTP
 * e-mail type). The required keys may not be empty.
 */
export const USER_MAPPING_KEYS = ['id', 'username', 'displayName', 'email', 'avatarUrl'] as const;
export const REQUIRED_USER_MAPPING_KEYS: readonly string[] = ['id', 'username', 'displayName'];
export const EMAIL_MAPPING_KEYS = ['fromName', 'toAddress', 'subject', 'content'] as const;

export type UserMappingKind = 'user' | 'email';

/** The mapping a provider of this category and type uses, or null when it uses none. */
export function userMappingKind(category: string, type: string): UserMappingKind | null {
  if (category === 'OAuth') return 'user';
  if (category === 'Email' && type === 'Custom HTTP Email') return 'email';
  return null;
}

/** The keys of a mapping kind, and those of them that may not be empty. */
export function mappingKeys(kind: UserMappingKind): { keys: readonly string[]; required: readonly string[] } {
  return kind === 'user'
    ? { keys: USER_MAPPING_KEYS, required: REQUIRED_USER_MAPPING_KEYS }
    : { keys: EMAIL_MAPPING_KEYS, required: EMAIL_MAPPING_KEYS };
}

/** The mapping a provider starts with: each key mapped to the parameter of the same name. */
export function defaultUserMapping(kind: UserMappingKind): Record<string, string> {
  return Object.fromEntries(mappingKeys(kind).keys.map((key) => [key, key]));
}

/** Whether a mapping holds nothing for this kind (so that the defaults apply). */
export function isMappingUnset(kind: UserMappingKind, mapping: Record<string, unknown> | null | undefined): boolean {
  return !mappingKeys(kind).keys.some((key) => typeof mapping?.[key] === 'string' && mapping[key] !== '');
}

/** The first required key of the mapping that is empty, or null when every required key has a value. */
export function missingMappingKey(kind: UserMappingKind, mapping: Record<string, unknown> | null | undefined): string | null {
  return (
    mappingKeys(kind).required.find((key) => typeof mapping?.[key] !== 'string' || String(mapping[key]).trim() === '') ?? null
  );
}

/** A valid HTTP header name (RFC 9110 token). */
export function isHttpHeaderName(name: string): boolean {
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name);
}

/** The default verification e-mail (it says the code is valid for 5 minutes). */
export const DEFAULT_EMAIL_TITLE = 'Gatehouse Verification Code';
export const DEFAULT_EMAIL_CONTENT = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="UTF-8"><title>Verification Code</title></head>
<body style="font-family: Arial, sans-serif; color: #1f1f1f;">
  <p>You have requested a verification code at %{organization}.</p>
  <p>Here is your code: <strong style="font-size: 20px;">%s</strong></p>
  <p>Please enter it within 5 minutes. This code is valid for 5 minutes.</p>
  <p>If you did not request it, ignore this message.</p>
</body>
</html>`;

/** The built-in image captcha provider that every new application lists (seeded, shared). */
export const BUILT_IN_CAPTCHA_PROVIDER = 'provider_captcha_default';
