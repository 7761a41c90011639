import { BUILT_IN_APPLICATION } from '@gatehouse/entities/plain';
import { type Rec, request } from './client';
import { postSignin } from './post-signin';

/** Sign-in, sign-out, the account, sign-up, passwords, verification codes and captchas. */

export interface LoginForm {
  organization: string;
  username: string;
  password: string;
  autoSignin: boolean;
  /** A solved captcha, when the application asks for one (Casdoor's fields). */
  captchaType?: string;
  captchaToken?: string;
  clientSecret?: string;
  /**
   * 'Verification code' signs in with `code`, sent to `username` (an e-mail address or phone
   * number); 'WebAuthn' with a passkey of `username`, or any discoverable one without a username.
   */
  signinMethod?: string;
  code?: string;
}

/**
 * Sign-in to the console through an application (the built-in one unless told), with a password, a
 * code or a passkey; data is 'owner/name' and the cookie is set.
 */
export function login(form: LoginForm & { application?: string }) {
  return postSignin<string>({ type: 'login', application: BUILT_IN_APPLICATION, signinMethod: 'Password', ...form });
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

/** Casdoor's form of POST /api/send-verification-code, with a solved captcha when the application asks for one. */
export interface SendCodeForm {
  dest: string;
  type: 'email' | 'phone';
  /** admin/<application> */
  applicationId: string;
  method: 'signup' | 'login' | 'forget' | 'reset' | 'mfaSetup' | 'mfaAuth';
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

/** A new API key pair for a user (the user themself or an administrator). */
export function addUserKeys(user: { owner: string; name: string }) {
  return request<string>('POST', '/api/add-user-keys', { body: user });
}
