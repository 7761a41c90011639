import {
  PROVIDER_METHODS,
  PROVIDER_SUB_TYPES,
  type ProviderCategory,
  userMappingKind,
  vendorApiDefaults,
} from '@gatehouse/entities/plain';
import type { Rec } from '../../shared/data/client';

/**
 * Which fields the provider form shows for a category and type, and under which label, as Casdoor's
 * provider page does. Pure, tested in provider-rules.test.ts.
 */

export interface Kind {
  category: string;
  type: string;
  subType: string;
  method: string;
}

export const kindOf = (values: Rec): Kind => ({
  category: String(values.category ?? ''),
  type: String(values.type ?? ''),
  subType: String(values.subType ?? ''),
  method: String(values.method ?? ''),
});

export const isCustomOAuth = (k: Kind) => k.category === 'OAuth' && k.type.startsWith('Custom');
/** The custom HTTP types, by category: they call an endpoint of the administrator's own. */
const CUSTOM_HTTP: Partial<Record<ProviderCategory, string>> = {
  Email: 'Custom HTTP Email',
  SMS: 'Custom HTTP SMS',
  Notification: 'Custom HTTP',
};
export const isCustomHttp = (k: Kind) => CUSTOM_HTTP[k.category as ProviderCategory] === k.type;
const isCustomHttpSms = (k: Kind) => k.category === 'SMS' && isCustomHttp(k);
/** Vendor types whose API address the optional endpoint replaces (an advanced setting). */
const hasEndpointOverride = (k: Kind) => vendorApiDefaults(k.category, k.type) !== null;

/** Kinds configured without a client ID and secret (or with the secret only, see below). */
function withoutClientKeys(k: Kind): boolean {
  return (
    (k.category === 'Captcha' && k.type === 'Default') ||
    k.category === 'Web3' ||
    (k.category === 'Storage' && k.type === 'Local File System') ||
    isCustomHttp(k) ||
    (k.category === 'Notification' && k.type === 'Google Chat') ||
    (k.category === 'Payment' && ['Dummy', 'Balance'].includes(k.type)) ||
    (k.category === 'SAML' && k.type !== 'Aliyun IDaaS')
  );
}

/** Kinds that take a secret (a token, a webhook address) but no client ID. */
function secretOnly(k: Kind): boolean {
  return (
    (k.category === 'Notification' &&
      ['Line', 'Telegram', 'Bark', 'Discord', 'Slack', 'Pushbullet', 'Pushover', 'Lark', 'Microsoft Teams'].includes(k.type)) ||
    (k.category === 'Storage' && k.type === 'Google Cloud Storage') ||
    (k.category === 'Email' && ['Azure ACS', 'SendGrid'].includes(k.type))
  );
}

function hasClientId2(k: Kind): boolean {
  return (
    k.category === 'Email' ||
    (k.category === 'OAuth' && ['WeChat', 'Apple'].includes(k.type)) ||
    (k.category === 'Captcha' && k.type === 'Aliyun Captcha') ||
    (k.category === 'Payment' && k.type === 'WeChat Pay') ||
    (k.category === 'Notification' && ['Twitter', 'Reddit', 'CUCloud'].includes(k.type))
  );
}

/** What the App ID field holds for the kinds that have one (its label key under provider.label). */
const APP_ID_LABELS: Partial<Record<ProviderCategory, Record<string, string>>> = {
  OAuth: { WeCom: 'agentId', Infoflow: 'agentId', AzureADB2C: 'userFlow' },
  SMS: {
    'Twilio SMS': 'senderNumber',
    'Azure ACS': 'senderNumber',
    'Tencent Cloud SMS': 'appId',
    'Volc Engine SMS': 'smsAccount',
    'Huawei Cloud SMS': 'channelNo',
    'Amazon SNS': 'region',
    'Baidu Cloud SMS': 'endpoint',
    'Infobip SMS': 'baseUrl',
    'UCloud SMS': 'projectId',
  },
  Email: { SUBMAIL: 'appId' },
  Notification: { Viber: 'domain', Line: 'appKey', Matrix: 'appKey', 'Rocket Chat': 'appKey', CUCloud: 'topicName' },
};

function appIdLabel(k: Kind): string | undefined {
  // WeCom's agent ID belongs to its internal (self-built) apps only.
  if (k.category === 'OAuth' && k.type === 'WeCom' && k.subType !== 'Internal') return undefined;
  return APP_ID_LABELS[k.category as ProviderCategory]?.[k.type];
}

const STORAGE_WITHOUT_INTRANET = [
  'Local File System',
  'MinIO',
  'Tencent Cloud COS',
  'Google Cloud Storage',
  'Qiniu Cloud Kodo',
  'Synology',
  'Casdoor',
];
const STORAGE_WITH_REGION = ['AWS S3', 'Tencent Cloud COS', 'Qiniu Cloud Kodo', 'CUCloud OSS', 'MinIO', 'Casdoor'];
const SMS_WITHOUT_SIGN_NAME = ['Custom HTTP SMS', 'Twilio SMS', 'Amazon SNS', 'Msg91 SMS', 'Infobip SMS'];
const SMS_WITHOUT_TEMPLATE = ['Infobip SMS'];
/** SMS types whose template is the message text itself (its %s replaced by the code). */
const SMS_TEXT_TEMPLATE = ['Custom HTTP SMS', 'Twilio SMS'];
const OAUTH_WITH_DOMAIN = ['ADFS', 'AzureAD', 'AzureADB2C', 'Casdoor', 'Okta', 'Nextcloud'];
const OAUTH_SSL_SWITCH: Record<string, string> = {
  WeChat: 'useWeChatMediaPlatform',
  Google: 'getPhoneNumber',
  Lark: 'useGlobalEndpoint',
  WeCom: 'useIdAsName',
};
const EMAIL_WITHOUT_SMTP = ['Custom HTTP Email', 'Azure ACS', 'SendGrid'];
/** Notification types sent to a chat (the receiver is its ID) or to an address (the receiver is the URL). */
const CHAT_NOTIFICATIONS = [
  'Telegram',
  'Pushover',
  'Pushbullet',
  'Slack',
  'Discord',
  'Line',
  'Twitter',
  'Reddit',
  'Rocket Chat',
  'Viber',
];
const ENDPOINT_NOTIFICATIONS = ['Custom HTTP', 'Webpush', 'Matrix'];

/** What a notification's receiver field holds, or null when its type sends without one. */
export function notificationReceiver(type: string): 'chatId' | 'endpoint' | null {
  if (CHAT_NOTIFICATIONS.includes(type)) return 'chatId';
  if (ENDPOINT_NOTIFICATIONS.includes(type)) return 'endpoint';
  return null;
}

/** Whether the method field is the custom HTTP type's HTTP method or WeCom's sign-in method. */
function hasMethod(k: Kind): boolean {
  return !!PROVIDER_METHODS[k.type] && (isCustomHttp(k) || (k.category === 'OAuth' && k.type === 'WeCom'));
}

/** The custom HTTP e-mail and SMS types send a body (other than GET) whose content type is chosen. */
export const hasContentType = (k: Kind) =>
  (k.category === 'Email' || k.category === 'SMS') && isCustomHttp(k) && k.method !== 'GET';

const VISIBLE: Record<string, (k: Kind) => boolean> = {
  subType: (k) => !!PROVIDER_SUB_TYPES[k.type] && (k.category === 'OAuth' || k.category === 'Captcha'),
  method: hasMethod,
  clientId: (k) => !withoutClientKeys(k) && !secretOnly(k),
  clientSecret: (k) => !withoutClientKeys(k),
  clientId2: hasClientId2,
  clientSecret2: (k) =>
    hasClientId2(k) && !(k.category === 'Payment' || k.type === 'CUCloud') && !(k.category === 'Email' && k.type === 'Azure ACS'),
  appId: (k) => appIdLabel(k) !== undefined,
  enableSignUp: (k) => ['OAuth', 'SAML', 'Web3'].includes(k.category),
  host: (k) => (k.category === 'Email' && k.type !== 'Custom HTTP Email') || (k.category === 'Payment' && k.type === 'GC'),
  port: (k) => k.category === 'Email' && !EMAIL_WITHOUT_SMTP.includes(k.type),
  disableSsl: (k) =>
    (k.category === 'Email' && !EMAIL_WITHOUT_SMTP.includes(k.type)) || (k.category === 'OAuth' && k.type in OAUTH_SSL_SWITCH),
  enableSignAuthnRequest: (k) => k.category === 'SAML',
  metadata: (k) => k.category === 'SAML' || (k.category === 'Notification' && ['Google Chat', 'CUCloud'].includes(k.type)),
  endpoint: (k) =>
    k.category === 'SAML' ||
    (k.category === 'Storage' && k.type !== 'Local File System') ||
    k.category === 'Face ID' ||
    (k.category === 'Email' && ['Custom HTTP Email', 'SendGrid'].includes(k.type)) ||
    isCustomHttpSms(k) ||
    hasEndpointOverride(k),
  idP: (k) => k.category === 'SAML',
  issuerUrl: (k) => k.category === 'SAML' || hasContentType(k),
  intranetEndpoint: (k) => k.category === 'Storage' && !STORAGE_WITHOUT_INTRANET.includes(k.type),
  bucket: (k) => k.category === 'Storage' && k.type !== 'Local File System',
  pathPrefix: (k) => k.category === 'Storage',
  domain: (k) =>
    (k.category === 'Storage' && !['Synology', 'Casdoor'].includes(k.type)) ||
    (k.category === 'OAuth' && OAUTH_WITH_DOMAIN.includes(k.type)),
  regionId: (k) =>
    (k.category === 'Storage' && STORAGE_WITH_REGION.includes(k.type)) ||
    (k.category === 'SMS' && ['Aliyun SMS', 'Tencent Cloud SMS'].includes(k.type)),
  signName: (k) => k.category === 'SMS' && !SMS_WITHOUT_SIGN_NAME.includes(k.type),
  templateCode: (k) => k.category === 'SMS' && !SMS_WITHOUT_TEMPLATE.includes(k.type),
  customAuthUrl: isCustomOAuth,
  customTokenUrl: isCustomOAuth,
  customUserInfoUrl: isCustomOAuth,
  customLogo: isCustomOAuth,
  scopes: (k) => isCustomOAuth(k) || (k.category === 'OAuth' && k.type === 'WeCom'),
  emailRegex: (k) => k.category === 'OAuth',
  // SAML: the cert that signs AuthnRequests when Sign request is on.
  cert: (k) => (k.category === 'Payment' && ['Alipay', 'WeChat Pay'].includes(k.type)) || k.category === 'SAML',
  httpHeaders: isCustomHttp,
  // OAuth: the claims that fill the user; custom HTTP e-mail and SMS: the request's parameters.
  userMapping: (k) => userMappingKind(k.category, k.type) !== null || isCustomHttpSms(k),
  title: (k) =>
    k.category === 'Email' ||
    (k.category === 'SMS' && isCustomHttp(k)) ||
    (k.category === 'Notification' && ['Custom HTTP', 'CUCloud'].includes(k.type)),
  content: (k) => k.category === 'Email' || k.category === 'Notification' || (k.category === 'OAuth' && k.type === 'WeChat'),
  // The test row: send-test buttons (and their receiver), or the captcha preview.
  receiver: (k) => ['Email', 'SMS', 'Notification', 'Captcha'].includes(k.category),
};

/** Whether the provider form shows `field` for the values being edited. Unlisted fields always show. */
export function providerFieldVisible(field: string, values: Rec): boolean {
  return VISIBLE[field]?.(kindOf(values)) ?? true;
}

const label = (key: string) => `provider.label.${key}`;

function clientIdLabel(k: Kind): string | undefined {
  switch (k.category) {
    case 'Email':
      return label('username');
    case 'Captcha':
      return label(k.type === 'Aliyun Captcha' ? 'accessKey' : 'siteKey');
    case 'Storage':
      return label('accessKey');
    case 'OAuth':
      return k.type === 'Apple' ? label('serviceIdIdentifier') : undefined;
    case 'Notification':
      return k.type === 'DingTalk' ? label('accessKey') : undefined;
    case 'SMS':
      if (['Volc Engine SMS', 'Amazon SNS', 'Baidu Cloud SMS'].includes(k.type)) return label('accessKey');
      if (k.type === 'Huawei Cloud SMS') return label('appKey');
      if (k.type === 'UCloud SMS') return label('publicKey');
      if (['Msg91 SMS', 'Infobip SMS', 'OSON SMS'].includes(k.type)) return label('senderId');
      return undefined;
    default:
      return undefined;
  }
}

function clientSecretLabel(k: Kind): string | undefined {
  switch (k.category) {
    case 'Email':
      return label(['Azure ACS', 'SendGrid'].includes(k.type) ? 'secretKey' : 'password');
    case 'Captcha':
      return label(k.type === 'Aliyun Captcha' ? 'secretAccessKey' : 'secretKey');
    case 'Storage':
      return label(k.type === 'Google Cloud Storage' ? 'serviceAccountJson' : 'secretAccessKey');
    case 'OAuth':
      return k.type === 'Apple' ? label('teamId') : undefined;
    case 'Notification':
      if (['Line', 'Telegram', 'Bark', 'DingTalk', 'Discord', 'Slack', 'Pushover', 'Pushbullet'].includes(k.type)) {
        return label('secretKey');
      }
      return ['Lark', 'Microsoft Teams'].includes(k.type) ? label('endpoint') : undefined;
    case 'SMS':
      if (['Volc Engine SMS', 'Amazon SNS', 'Baidu Cloud SMS', 'OSON SMS'].includes(k.type)) return label('secretAccessKey');
      if (k.type === 'Huawei Cloud SMS') return label('appSecret');
      if (k.type === 'UCloud SMS') return label('privateKey');
      if (k.type === 'Msg91 SMS') return label('authKey');
      if (k.type === 'Infobip SMS') return label('apiKey');
      return undefined;
    default:
      return undefined;
  }
}

const LABELS: Record<string, (k: Kind) => string | undefined> = {
  clientId: clientIdLabel,
  clientSecret: clientSecretLabel,
  clientId2: (k) => {
    if (k.type === 'Apple') return label('keyId');
    if (k.category === 'Email') return label('fromAddress');
    if (k.type === 'Aliyun Captcha') return label('scene');
    if (k.type === 'WeChat Pay' || k.type === 'CUCloud') return label('appId');
    return undefined;
  },
  clientSecret2: (k) => {
    if (k.type === 'Apple') return label('keyText');
    if (k.category === 'Email') return label('fromName');
    if (k.type === 'Aliyun Captcha') return label('appKey');
    return undefined;
  },
  appId: (k) => {
    const key = appIdLabel(k);
    return key && key !== 'appId' ? label(key) : undefined;
  },
  disableSsl: (k) => (k.category === 'OAuth' && OAUTH_SSL_SWITCH[k.type] ? label(OAUTH_SSL_SWITCH[k.type] as string) : undefined),
  title: (k) => label(k.category === 'Email' ? 'emailTitle' : 'parameter'),
  content: (k) => {
    if (k.category === 'Email') return label('emailContent');
    return k.category === 'OAuth' ? label('accessToken') : undefined;
  },
  receiver: (k) => {
    if (k.category === 'Email') return label('testEmail');
    if (k.category === 'SMS') return label('testPhone');
    if (k.category === 'Captcha') return label('preview');
    const receiver = notificationReceiver(k.type);
    return label(receiver ?? 'testNotification');
  },
  endpoint: (k) => {
    if (k.category === 'SAML') return label('samlEndpoint');
    if (isCustomHttp(k)) return label('endpointUrl');
    return hasEndpointOverride(k) ? label('apiEndpoint') : undefined;
  },
  userMapping: (k) => (isCustomHttpSms(k) ? label('parameterMapping') : undefined),
  templateCode: (k) => (k.category === 'SMS' && SMS_TEXT_TEMPLATE.includes(k.type) ? label('messageTemplate') : undefined),
  domain: (k) => (k.category === 'OAuth' && k.type.startsWith('AzureAD') ? label('tenantId') : undefined),
  issuerUrl: (k) => (hasContentType(k) ? label('contentType') : undefined),
  cert: (k) => (k.category === 'SAML' ? label('signingCert') : undefined),
};

/** The i18n key of a field's label for the values being edited, when it is not the field's own. */
export function providerFieldLabel(field: string, values: Rec): string | undefined {
  return LABELS[field]?.(kindOf(values));
}

const tip = (key: string) => `provider.tooltip.${key}`;

const TOOLTIPS: Record<string, (k: Kind) => string | undefined> = {
  endpoint: (k) => {
    if (hasEndpointOverride(k)) return tip('apiEndpoint');
    return isCustomHttp(k) ? tip('customHttpEndpoint') : undefined;
  },
  method: (k) => (isCustomHttp(k) ? tip('customHttpMethod') : undefined),
  title: (k) => (isCustomHttpSms(k) ? tip('smsParameter') : undefined),
  userMapping: (k) => (isCustomHttpSms(k) ? tip('smsMapping') : undefined),
};

/** The i18n key of the explanation shown beside a field's label for the values being edited, if any. */
export function providerFieldTooltip(field: string, values: Rec): string | undefined {
  return TOOLTIPS[field]?.(kindOf(values));
}

/** The default addresses a vendor type's endpoint replaces (the input's placeholder), or null. */
export function endpointDefaults(values: Rec): readonly string[] | null {
  const k = kindOf(values);
  return vendorApiDefaults(k.category, k.type);
}

/**
 * What the custom HTTP SMS type sends a parameter as when its mapping leaves it empty (the
 * server's rule, integrations/sms/custom-http.ts): the number as phoneNumber, the text under the
 * Parameter field's name, else code.
 */
export function smsMappingDefault(key: string, values: Rec): string {
  if (key === 'phoneNumber') return 'phoneNumber';
  return String(values.title ?? '').trim() || 'code';
}
