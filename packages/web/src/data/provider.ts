import type { EntityDefinition, Envelope, ListQuery } from '@gatehouse/entities';
import { BUILT_IN_APPLICATION, listQueryToParams } from '@gatehouse/entities/plain';
import { currentLanguage } from '../i18n/i18n';

/**
 * The one module that talks to the server. Every call goes to a relative /api URL (the server
 * refuses cross-site writes), sends the session cookie and the console's language, and answers the
 * {status, msg, data, data2} envelope as it came. Nothing else in the console calls fetch.
 */

/** A stored record as the wire carries it. */
export type Rec = Record<string, unknown>;

/** The server could not be reached, or answered something that is not an envelope. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** An error envelope, thrown where a caller wants ok-or-throw (queries). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** Codes that mean "you may not see this" (signed out, or signed in without the right). */
const UNAUTHORIZED_CODES = new Set(['unauthorized', 'pleaseLogin']);

export function isUnauthorizedCode(code: string | undefined): boolean {
  return code !== undefined && UNAUTHORIZED_CODES.has(code);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && isUnauthorizedCode(error.code);
}

interface RequestOptions {
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body (uploads); the browser sets its content type. */
  form?: FormData;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && ((value as Envelope).status === 'ok' || (value as Envelope).status === 'error')
  );
}

export async function request<D = unknown, D2 = unknown>(
  method: 'GET' | 'POST',
  path: string,
  { query, body, form }: RequestOptions = {},
): Promise<Envelope<D, D2>> {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  let response: Response;
  try {
    response = await fetch(`${path}${search}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(form ? {} : { 'Content-Type': 'application/json' }),
        Accept: 'application/json',
        'Accept-Language': currentLanguage(),
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  // Refusals may come with a 4xx/5xx status but still carry an envelope; read it whenever present.
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new NetworkError(`HTTP ${response.status} ${response.statusText}`.trim());
  }
  if (!isEnvelope(payload)) throw new NetworkError(`HTTP ${response.status}: unexpected answer`);
  return payload as Envelope<D, D2>;
}

/** The envelope when it is ok; otherwise an ApiError carrying its msg and code. */
export function unwrap<D, D2>(envelope: Envelope<D, D2>): Envelope<D, D2> {
  if (envelope.status !== 'ok') throw new ApiError(envelope.msg, envelope.code);
  return envelope;
}

// Entity CRUD, the same five calls for every definition.

export function getList(def: EntityDefinition<any>, query: ListQuery) {
  return request<Rec[], number>('GET', `/api/get-${def.plural}`, { query: listQueryToParams(query, def.orgParam) });
}

export function getOne(def: EntityDefinition<any>, owner: string, name: string) {
  return request<Rec | null>('GET', `/api/get-${def.name}`, { query: { id: `${owner}/${name}` } });
}

export function create(def: EntityDefinition<any>, record: Rec) {
  return request<string, Rec>('POST', `/api/add-${def.name}`, { body: record });
}

/** Updates the record stored as owner/name; a changed owner or name in `record` renames it. */
export function update(def: EntityDefinition<any>, owner: string, name: string, record: Rec) {
  return request<string>('POST', `/api/update-${def.name}`, { query: { id: `${owner}/${name}` }, body: record });
}

export function remove(def: EntityDefinition<any>, record: Rec) {
  return request<string>('POST', `/api/delete-${def.name}`, { body: { owner: record.owner, name: record.name } });
}

// Session and account.

export interface LoginForm {
  organization: string;
  username: string;
  password: string;
  autoSignin: boolean;
  /** A solved captcha, when the application asks for one (Casdoor's fields). */
  captchaType?: string;
  captchaToken?: string;
  clientSecret?: string;
  /** 'Verification code' signs in with `code`, sent to `username` (an e-mail address or phone number). */
  signinMethod?: string;
  code?: string;
}

/**
 * Password sign-in to the console through an application (the built-in one unless told); data is
 * 'owner/name' and the cookie is set.
 */
export function login(form: LoginForm & { application?: string }) {
  return request<string>('POST', '/api/login', {
    body: { type: 'login', application: BUILT_IN_APPLICATION, signinMethod: 'Password', ...form },
  });
}

/** The application an organization's sign-in page (/login/{organization}) shows, with organizationObj. */
export function getDefaultApplication(organization: string) {
  return request<Rec>('GET', '/api/get-default-application', { query: { id: `admin/${organization}` } });
}

/** Names and display names of organizations containing `value`, for the sign-in page's organization choice. */
export function getOrganizationNames(value: string, pageSize: number) {
  return request<{ name: string; displayName: string }[]>('GET', '/api/get-organization-names', {
    query: { value, pageSize: String(pageSize) },
  });
}

/** data2 is the URL to go to next, or ''. */
export function logout() {
  return request<string, string>('POST', '/api/logout');
}

export function getAccount() {
  return request<Rec, Rec | null>('GET', '/api/get-account');
}

export function setPassword(body: { userOwner: string; userName: string; oldPassword: string; newPassword: string }) {
  return request<unknown>('POST', '/api/set-password', { body });
}

/**
 * Creates an account through an application's sign-up (Casdoor's AuthForm body; an authorization
 * request's parameters in the query); data is 'owner/name' and the new user's session cookie is set.
 */
export function signup(body: Record<string, unknown>, query?: Record<string, string>) {
  return request<string>('POST', '/api/signup', { query, body });
}

// Verification codes (the send-code inputs, the forgotten-password page).

/** Casdoor's form of POST /api/send-verification-code, with a solved captcha when the application asks for one. */
export interface SendCodeForm {
  dest: string;
  type: 'email' | 'phone';
  /** admin/<application> */
  applicationId: string;
  method: 'signup' | 'login' | 'forget' | 'reset';
  countryCode?: string;
  /** The account a forgotten-password code is for (its username). */
  checkUser?: string;
  captchaType?: string;
  captchaToken?: string;
  clientSecret?: string;
}

export function sendVerificationCode(form: SendCodeForm) {
  return request<unknown>('POST', '/api/send-verification-code', { body: form });
}

/**
 * Checks the code sent to `username` (the address as the page shows it, possibly masked) of the
 * account `name`; this browser may then set the account's password with it (resetPassword).
 */
export function verifyCode(body: { application: string; organization: string; username: string; name: string; code: string }) {
  return request<unknown>('POST', '/api/verify-code', { body });
}

/** The signed-in user's new e-mail address or phone number, proven by the code sent to it (method reset). */
export function resetEmailOrPhone(body: { type: 'email' | 'phone'; dest: string; code: string; countryCode?: string }) {
  return request<unknown>('POST', '/api/reset-email-or-phone', { body });
}

/** The account a forgotten-password page looks for: data {name, email, phone} (masked), data2 what was typed. */
export function getEmailAndPhone(organization: string, username: string) {
  return request<{ name: string; email: string; phone: string }, 'username' | 'email' | 'phone'>(
    'GET',
    '/api/get-email-and-phone',
    { query: { organization, username } },
  );
}

/** Sets a forgotten password with the code this browser verified (no old password). */
export function resetPassword(body: { userOwner: string; userName: string; newPassword: string; code: string }) {
  return request<unknown>('POST', '/api/set-password', { body });
}

// Files.

export interface UploadTarget {
  /** The uploading account's organization and name. */
  owner: string;
  user: string;
  application: string;
  /** What the file is for ('termsOfUse', 'custom' ...). */
  tag: string;
  /** The page it was uploaded from. */
  parent: string;
  /** Where it is stored, e.g. termsOfUse/{organization}/{application}.html. */
  fullFilePath: string;
}

/** Stores a file; data is its URL. */
export function uploadResource(target: UploadTarget, file: Blob, filename: string) {
  const form = new FormData();
  form.append('file', file, filename);
  return request<string, string>('POST', '/api/upload-resource', { query: { ...target }, form });
}

/**
 * Creates an application from a definition file (an HTML file, as exported); `organization`, when
 * given, replaces the file's. data2 is the new application.
 */
export function uploadApplication(file: Blob, filename: string, organization?: string) {
  const form = new FormData();
  form.append('file', file, filename);
  return request<string, Rec>('POST', '/api/upload-application', { query: organization ? { organization } : {}, form });
}

/** Where an application's definition file downloads from. */
export function applicationExportUrl(record: Rec): string {
  return `/api/export-application?${new URLSearchParams({ id: `${record.owner}/${record.name}` })}`;
}

// OAuth sign-in (the authorization endpoint's page and the device page).

/** Validates an authorization request; data is the application (no secrets) with organizationObj. */
export function getAppLogin(query: Record<string, string>) {
  return request<Rec>('GET', '/api/get-app-login', { query });
}

/**
 * Signs in for an authorization request (type code, token or id_token, the request's parameters in
 * the query) or approves a device (type device). Without username the session stands in.
 */
export function oauthLogin(type: string, query: Record<string, string>, body: Partial<LoginForm> & { userCode?: string }) {
  return request<string>('POST', '/api/login', { query, body: { type, application: '', signinMethod: 'Password', ...body } });
}

/**
 * The consent screen's Allow (Casdoor's body): the signed-in user grants `grantedScopes` of the
 * authorization request to its application; data is the code (or the implicit token), as
 * POST /api/login would have answered without the consent step.
 */
export function grantConsent(body: {
  application: string;
  grantedScopes: string[];
  clientId: string;
  responseType: string;
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  challenge: string;
}) {
  return request<string>('POST', '/api/grant-consent', { body: { provider: '', signinMethod: '', resource: '', ...body } });
}

/**
 * Takes back scopes granted to an application (Casdoor's ConsentRecord body); `user` (owner/name)
 * names whose grants, so that an administrator acts on the user of the page. data is whether
 * anything was revoked.
 */
export function revokeConsent(body: { application: string; grantedScopes: string[]; user: string }) {
  return request<boolean>('POST', '/api/revoke-consent', { body });
}

/**
 * Signs in on a CAS sign-in page (type cas; service and renew in the query). data is the service
 * ticket and data2 the service URL with it, both '' without a service. Without username the
 * session stands in.
 */
export function casLogin(
  query: Record<string, string>,
  body: { application: string; organization: string } & Partial<LoginForm>,
) {
  return request<string, string>('POST', '/api/login', { query, body: { type: 'cas', signinMethod: 'Password', ...body } });
}

/**
 * Signs in on the SAML sign-in page (type saml): the AuthnRequest (samlRequest + relayState, or
 * samlQuery + signature) goes in the body, as Casdoor's page sends it. data is the base64
 * SAMLResponse and data2 where it goes. Without username the session stands in.
 */
export function samlLogin(
  samlParams: Record<string, string>,
  body: { application: string; organization: string } & Partial<LoginForm>,
) {
  return request<string, { redirectUrl: string; method: string; relayState?: string }>('POST', '/api/login', {
    body: { type: 'saml', signinMethod: 'Password', ...samlParams, ...body },
  });
}

// Providers: test messages, SAML metadata, captcha (the provider edit page).

/** Casdoor's EmailForm: receivers ['TestSmtpServer'] only connects to the SMTP server. */
export interface EmailForm {
  title: string;
  content: string;
  sender: string;
  receivers: string[];
  /** The provider's name; `providerObject` carries the values being edited (tested before saving). */
  provider: string;
  providerObject: Rec;
  owner: string;
  name: string;
}

export function sendEmail(form: EmailForm) {
  return request<unknown>('POST', '/api/send-email', { body: form });
}

/** Sends a test SMS through the saved provider `provider`. */
export function sendSms(provider: string, body: { content: string; receivers: string[]; owner: string; name: string }) {
  return request<unknown>('POST', '/api/send-sms', { query: { provider }, body });
}

/** Sends a test notification through the saved provider `provider`. */
export function sendNotification(provider: string, body: { content: string; owner: string; name: string }) {
  return request<unknown>('POST', '/api/send-notification', { query: { provider }, body });
}

/**
 * Starts a sign-in (or a link) through the SAML provider owner/name (Casdoor's call): `relayState`
 * is the sign-in to continue, base64 of {method, type, query, body, from}. data is the IdP's SSO
 * URL with the AuthnRequest (data2 GET), or a page with the form posting it (data2 POST).
 */
export function getSamlLogin(id: string, relayState: string) {
  return request<string, 'GET' | 'POST'>('GET', '/api/get-saml-login', { query: { id, relayState } });
}

/** An identity provider's SAML metadata, fetched by the server (a browser may not read it across origins); data is the XML. */
export function fetchSamlMetadata(url: string) {
  return request<string>('POST', '/api/fetch-saml-metadata', { body: { url } });
}

/**
 * Casdoor's Captcha object (GET /api/get-captcha): type 'none', 'Default' (captchaId and
 * captchaImage, a PNG in base64, for one answer within five minutes) or a remote type (clientId =
 * the site key; secrets masked).
 */
export interface CaptchaInfo {
  type: string;
  captchaId?: string;
  captchaImage?: string | null;
  clientId?: string;
  clientId2?: string;
  subType?: string;
}

/** A new captcha of an application (`admin/<name>`), or of the captcha provider `owner/name` itself. */
export function getCaptchaChallenge(id: string, isCurrentProvider = false) {
  return request<CaptchaInfo>('GET', '/api/get-captcha', {
    query: { applicationId: id, isCurrentProvider: String(isCurrentProvider) },
  });
}

/** Whether a password sign-in of `userId` through `application` needs a captcha now (data: boolean). */
export function getCaptchaStatus(query: { organization: string; userId: string; application: string }) {
  return request<boolean>('GET', '/api/get-captcha-status', { query });
}

/** A captcha challenge of the provider `owner/name` itself (isCurrentProvider): data.captchaImage is a base64 PNG. */
export function getCaptcha(owner: string, name: string) {
  return request<{ type?: string; captchaId?: string; captchaImage?: string }>('GET', '/api/get-captcha', {
    query: { applicationId: `${owner}/${name}`, isCurrentProvider: 'true' },
  });
}

// Resources (the stored files of the resource list).

/** Deletes a resource and its stored file (Casdoor's wire: the record as the body, its provider in the query). */
export function deleteResource(record: Rec) {
  return request<string>('POST', '/api/delete-resource', { query: { provider: String(record.provider ?? '') }, body: record });
}

// Sign-in through identity providers (the provider buttons, /callback) and linked accounts.

/** The sign-in request a provider button carries through the identity provider (what /api/login would get, without credentials). */
export interface ProviderSigninRequest {
  /** The sign-in type: login, code, token, id_token, saml, cas. */
  type: string;
  query: Record<string, string>;
  body: Record<string, string>;
  /** The console page to return to afterwards (the page signed in from, or the one the guard remembered). */
  from: string;
}

/** data is the identity provider's authorization URL; the state it carries is bound to this browser. */
export function providerAuthUrl(body: { provider: string; method: 'signup' | 'link' } & Partial<ProviderSigninRequest>) {
  return request<string>('POST', '/api/provider-auth-url', { body });
}

/**
 * The /callback page's sign-in (Casdoor's body): the server takes the sign-in request from the
 * state. data is what the sign-in type answers (a link answers true, data2 the page to return to).
 */
export function providerLogin(body: {
  type: string;
  application: string;
  provider: string;
  code: string;
  /** A SAML provider's response (Casdoor's field), instead of a code. */
  samlResponse?: string;
  state: string;
  redirectUri: string;
  method: string;
}) {
  return request<unknown, unknown>('POST', '/api/login', { body });
}

/** The application whose providers the user owner/name links, with each row's provider; null when none. */
export function getUserApplication(owner: string, name: string) {
  return request<Rec | null>('GET', '/api/get-user-application', { query: { id: `${owner}/${name}` } });
}

/** An account of an identity provider linked to a user. */
export interface LinkedIdentity {
  providerName: string;
  providerType: string;
  subject: string;
  username: string;
  displayName: string;
  email: string;
  avatar: string;
  createdTime: string;
}

export function getUserIdentities(owner: string, name: string) {
  return request<LinkedIdentity[]>('GET', '/api/get-user-identities', { query: { id: `${owner}/${name}` } });
}

/** Removes a linked account (Casdoor's body; `user` names whose). */
export function unlinkIdentity(body: { providerType: string; providerName: string; user: { owner: string; name: string } }) {
  return request<unknown>('POST', '/api/unlink', { body });
}
