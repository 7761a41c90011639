import {
  CATEGORY_DEFAULT_TYPE,
  DEFAULT_CUSTOM_OAUTH_SCOPE,
  DEFAULT_CUSTOM_OAUTH_URLS,
  DEFAULT_EMAIL_CONTENT,
  DEFAULT_EMAIL_HOST,
  DEFAULT_EMAIL_PORT,
  DEFAULT_EMAIL_TITLE,
  defaultUserMapping,
  isHttpHeaderName,
  isMappingUnset,
  isValidPhone,
  missingMappingKey,
  PROVIDER_METHODS,
  PROVIDER_SUB_TYPES,
  type ProviderCategory,
  userMappingKind,
} from '@gatehouse/entities/plain';
import type { Rec } from '../../shared/data/client';
import { parseJson } from '../crud/json-value';
import { isCustomOAuth, type Kind, kindOf } from './provider-fields';

export {
  endpointDefaults,
  notificationReceiver,
  providerFieldLabel,
  providerFieldTooltip,
  providerFieldVisible,
  smsMappingDefault,
} from './provider-fields';

/**
 * The provider form's rules, pure so that they are tested without a
 * browser: the fields a category and type show and their labels (provider-fields.ts), the
 * defaults a change of category or type sets, and the checks of the form and its test buttons.
 */

/** What a category or type change may take from outside the form. */
export interface ProviderEnv {
  /** The signed-in account's e-mail (the test e-mail goes there). */
  email: string;
  /** The console's origin (a local file system serves files below it). */
  origin: string;
}

const mappingText = (mapping: Record<string, string>) => JSON.stringify(mapping, null, 2);

/** The defaults of a type, and a user mapping when the kind needs one and has none. */
function typeDefaults(k: Kind, all: Rec, env: ProviderEnv): Rec {
  const out: Rec = {};
  if (k.type === 'Local File System') out.domain = `${env.origin}/files/`;
  if (isCustomOAuth(k)) Object.assign(out, DEFAULT_CUSTOM_OAUTH_URLS, { scopes: DEFAULT_CUSTOM_OAUTH_SCOPE });
  if (k.category === 'SMS' && k.type === 'Custom HTTP SMS') Object.assign(out, { method: 'GET', title: 'code' });
  if (k.category === 'Email' && k.type === 'Custom HTTP Email') out.method = 'POST';
  if (k.category === 'Notification' && k.type === 'Custom HTTP') out.method = 'GET';
  if (k.category === 'OAuth' && k.type === 'WeCom' && !PROVIDER_METHODS.WeCom?.includes(k.method)) out.method = 'Normal';
  const subTypes = PROVIDER_SUB_TYPES[k.type];
  if (!subTypes) out.subType = '';
  else if (!subTypes.includes(k.subType)) out.subType = subTypes[0];
  const kind = userMappingKind(k.category, k.type);
  if (
    kind &&
    isMappingUnset(
      kind,
      parseJson<Record<string, string>>(all.userMapping, () => ({})),
    )
  ) {
    out.userMapping = mappingText(defaultUserMapping(kind));
  }
  return out;
}

/**
 * WeChat's follow-up action (signName open/media) and media-platform switch (disableSsl) follow
 * the two app IDs, as in Casdoor: without the open platform's ID only the media platform is left,
 * without the media platform's ID only the open platform.
 */
function weChatRule(values: Rec): Rec {
  let signName = String(values.signName ?? '');
  let disableSsl = values.disableSsl === true;
  if (!values.clientId) {
    signName = 'media';
    disableSsl = true;
  }
  if (!values.clientId2) {
    signName = 'open';
    disableSsl = false;
  }
  if (!disableSsl) signName = 'open';
  return { signName, disableSsl };
}

/**
 * The provider form's transitions: a category change resets the type to the
 * category's default (Email also fills host, port 465, SSL, the default message and the account's
 * e-mail as the test receiver); a type change sets that type's defaults; an owner change clears
 * the cert; WeChat's sign name and switch follow its app IDs.
 */
export function providerValuesChange(changed: Rec, all: Rec, env: ProviderEnv): Rec | undefined {
  const out: Rec = {};
  if ('category' in changed) {
    const category = String(changed.category) as ProviderCategory;
    out.type = CATEGORY_DEFAULT_TYPE[category] ?? '';
    if (category === 'Email') {
      Object.assign(out, {
        host: DEFAULT_EMAIL_HOST,
        port: DEFAULT_EMAIL_PORT,
        disableSsl: false,
        title: DEFAULT_EMAIL_TITLE,
        content: DEFAULT_EMAIL_CONTENT,
        receiver: env.email,
      });
    }
  }
  if ('category' in changed || 'type' in changed) {
    Object.assign(out, typeDefaults(kindOf({ ...all, ...out }), all, env));
  }
  if ('owner' in changed) out.cert = '';
  const merged = { ...all, ...out };
  const weChatInputs = ['type', 'category', 'clientId', 'clientId2', 'disableSsl'];
  if (merged.category === 'OAuth' && merged.type === 'WeChat' && weChatInputs.some((key) => key in changed)) {
    Object.assign(out, weChatRule(merged));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The values the form starts from: a kind that needs a user mapping and has none gets the defaults. */
export function providerOnLoad(stored: Rec): Rec {
  const kind = userMappingKind(String(stored.category ?? ''), String(stored.type ?? ''));
  const mapping = (stored.userMapping ?? {}) as Record<string, string>;
  if (!kind || !isMappingUnset(kind, mapping)) return stored;
  return { ...stored, userMapping: defaultUserMapping(kind) };
}

/** The user mapping's rule: its required keys may not be empty. */
export function userMappingProblem(value: unknown, values: Rec): string | null {
  const kind = userMappingKind(String(values.category ?? ''), String(values.type ?? ''));
  if (!kind) return null;
  return missingMappingKey(
    kind,
    parseJson<Record<string, string>>(value, () => ({})),
  )
    ? 'provider.fieldRequired'
    : null;
}

/** The HTTP headers' rule: every name must be a valid header name. */
export function httpHeadersProblem(value: unknown): string | null {
  const headers = parseJson<Record<string, string>>(value, () => ({}));
  return Object.keys(headers).every(isHttpHeaderName) ? null : 'provider.headerNameInvalid';
}

/**
 * The phone number a test SMS goes to, or null when the input is not one: digits (5 to 15, spaces,
 * dashes and brackets allowed), optionally after + and the country code.
 */
export function testPhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s\-()]/g, '');
  const plus = compact.startsWith('+');
  const digits = plus ? compact.slice(1) : compact;
  return isValidPhone(digits) ? `${plus ? '+' : ''}${digits}` : null;
}

/** Whether the Send test SMS button may send: a valid number, or a custom HTTP SMS type with an endpoint. */
export function canSendTestSms(values: Rec): boolean {
  if (testPhoneNumber(String(values.receiver ?? '')) !== null) return true;
  return values.type === 'Custom HTTP SMS' && String(values.endpoint ?? '').trim() !== '';
}

/**
 * The captcha preview: 'ready' when it can be shown (the built-in image captcha
 * needs no keys), 'needsKeys' while the keys the type needs are missing, 'unavailable' for the
 * third-party widgets, which come with the captcha release.
 */
export function captchaPreviewState(values: Rec): 'ready' | 'needsKeys' | 'unavailable' {
  if (values.type === 'Default') return 'ready';
  const keys =
    values.type === 'Aliyun Captcha'
      ? ['clientId', 'clientSecret', 'clientId2', 'clientSecret2', 'subType']
      : ['clientId', 'clientSecret'];
  if (keys.some((key) => String(values[key] ?? '').trim() === '')) return 'needsKeys';
  return 'unavailable';
}

/** What SAML metadata gives a provider: the SSO address, the IdP's signing certificate, its entity ID. */
export interface SamlMetadataValues {
  endpoint: string;
  idP: string;
  issuerUrl: string;
}

const elements = (root: Document | Element, name: string): Element[] => Array.from(root.getElementsByTagNameNS('*', name));

/**
 * Reads an identity provider's metadata (a parsed XML document): the single sign-on location
 * (HTTP-Redirect binding first), the signing certificate and the entity ID. Null when any of the
 * three is missing ('Can not parse metadata').
 */
export function samlMetadataValues(doc: Document): SamlMetadataValues | null {
  const issuerUrl = elements(doc, 'EntityDescriptor')[0]?.getAttribute('entityID')?.trim() ?? '';
  const idp = elements(doc, 'IDPSSODescriptor')[0] ?? doc;
  const services = elements(idp, 'SingleSignOnService');
  const sso = services.find((s) => s.getAttribute('Binding')?.endsWith(':HTTP-Redirect')) ?? services[0];
  const endpoint = sso?.getAttribute('Location')?.trim() ?? '';
  const keys = elements(idp, 'KeyDescriptor');
  const signing = keys.find((k) => (k.getAttribute('use') ?? 'signing') === 'signing');
  const certificate = elements(signing ?? idp, 'X509Certificate')[0];
  const idP = certificate?.textContent?.replace(/\s+/g, '') ?? '';
  if (!issuerUrl || !endpoint || !idP) return null;
  return { endpoint, idP, issuerUrl };
}
