import { allows, isMfaType, type MfaProps, type MfaSetup, type MfaType, type User, user as userDef } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { newRecoveryCode, newTotpSecret, recoveryCodeHash, totpStep, totpUrl } from '../crypto/totp.js';
import { allMfaProps } from '../domain/mfa-props.js';
import { organizationByName } from '../domain/organization.js';
import { disableMfa, enableMfa, saveMfaSetup, setPreferredMfa, setupInProgress } from '../domain/user-mfa.js';
import { checkCode, consumeCode } from '../domain/verification.js';
import { AppError } from '../errors.js';
import { paramOf } from '../http/params.js';
import { requireOwnSignin } from './account.js';
import { userApplicationOf } from './provider-login.js';
import { emailReceiver, phoneReceiver, regionsOf } from './verification/targets.js';

/**
 * Setting up multi-factor authentication (Casdoor: controllers/mfa.go; the form fields owner, name,
 * mfaType, passcode, secret, dest, countryCode). A user sets up a method in three calls: initiate
 * (the app's new secret and its otpauth URL, and a recovery code), verify (a code of the app, or a
 * code sent to the phone or address with method mfaSetup) and enable. The server keeps the setup in
 * progress (the user's mfaSetup): enable takes the secret and the recovery code it issued, only
 * after the code was verified. An administrator of the user's organization may enable the phone or
 * e-mail method of another user after confirming it in the console (initiate, then enable, with no
 * code); the authenticator app is set up by the user only. Removing every method and choosing the
 * preferred one is for the user and the administrators.
 */

/** How long a setup may take between initiate and enable. */
const SETUP_MINUTES = 30;

interface Target {
  user: User;
  /** The user themself, or an application acting for its users (Casdoor's SDKs), rather than an administrator. */
  asUser: boolean;
}

/** The user named by owner and name (the caller by default), if the caller may act on them. */
async function targetOf(server: ServerContext, request: FastifyRequest): Promise<Target> {
  const account = await requireOwnSignin(server, request);
  const owner = paramOf(request, 'owner') || (account.user?.owner ?? '');
  const name = paramOf(request, 'name') || (account.user?.name ?? '');
  if (!owner || !name) throw new AppError('missingParameter', { name: owner ? 'name' : 'owner' });
  const self = account.via !== 'application' && account.viewer.owner === owner && account.viewer.name === name;
  if (!self && !allows('orgAdmin', account.viewer, owner)) throw new AppError('unauthorized');
  const user = await server.repo(userDef).get(owner, name);
  if (!user) throw new AppError('userNotExist', { id: `${owner}/${name}` });
  return { user, asUser: self || account.via === 'application' };
}

function typeOf(request: FastifyRequest): MfaType {
  const type = paramOf(request, 'mfaType');
  if (!isMfaType(type)) throw new AppError('mfaTypeInvalid');
  return type;
}

/** An administrator enables a method for another user on the address the user has. */
function requireAddress(user: User, type: MfaType): void {
  if (type === 'email' && !user.email) throw new AppError('mfaEmailRequired');
  if (type === 'sms' && !user.phone) throw new AppError('mfaPhoneRequired');
}

/** POST /api/mfa/setup/initiate: data is the new setup's props (an administrator's carries no recovery code). */
export async function initiateMfa(server: ServerContext, request: FastifyRequest): Promise<MfaProps> {
  const type = typeOf(request);
  const { user, asUser } = await targetOf(server, request);
  if (!asUser) {
    if (type === 'app') throw new AppError('mfaSetupSelfOnly');
    requireAddress(user, type);
  }
  const org = await organizationByName(server, user.owner);
  const secret = type === 'app' ? newTotpSecret() : '';
  const recoveryCode = newRecoveryCode();
  const setup: MfaSetup = {
    mfaType: type,
    secret,
    recoveryCodeHash: recoveryCodeHash(recoveryCode),
    // The administrator's confirmation stands for the code; the user's own address is used.
    verified: !asUser,
    dest: '',
    countryCode: '',
    expiresTime: new Date(Date.now() + SETUP_MINUTES * 60_000).toISOString(),
  };
  await saveMfaSetup(server, user, setup);
  const props: MfaProps = { enabled: false, isPreferred: false, mfaType: type, mfaRememberInHours: 0 };
  if (type === 'app') {
    props.secret = secret;
    props.url = totpUrl(secret, org?.displayName || org?.name || 'Gatehouse', `${user.owner}/${user.name}`);
  }
  if (asUser) props.recoveryCodes = [recoveryCode];
  return props;
}

/** Checks a code sent with method mfaSetup to `dest` (the user's own address when they have one). */
async function verifySentCode(server: ServerContext, request: FastifyRequest, user: User, type: 'email' | 'sms') {
  const own = type === 'email' ? user.email : user.phone;
  const dest = own || paramOf(request, 'dest').trim();
  if (!dest) throw new AppError('mfaDestMissing');
  const countryCode = own ? user.countryCode : paramOf(request, 'countryCode').trim();
  if (type === 'sms' && !countryCode) throw new AppError('mfaCountryCodeMissing');
  // The console sends the code through the user's application (get-user-application), recorded under its organization.
  const app = await userApplicationOf(server, user);
  const owner = app?.organization ?? user.owner;
  let receiver = emailReceiver(dest);
  if (type === 'sms') {
    receiver = phoneReceiver(dest, regionsOf(await organizationByName(server, owner), countryCode)) ?? '';
    if (!receiver) throw new AppError('verificationPhoneInvalid', { region: countryCode });
  }
  const record = await checkCode(server, { owner, receiver }, paramOf(request, 'passcode'));
  await consumeCode(server, record);
  return { dest, countryCode };
}

/** POST /api/mfa/setup/verify: the user proves the method of the setup in progress; data "OK". */
export async function verifyMfaSetup(server: ServerContext, request: FastifyRequest): Promise<string> {
  const type = typeOf(request);
  const passcode = paramOf(request, 'passcode').trim();
  if (!passcode) throw new AppError('verificationCodeEmpty');
  const { user, asUser } = await targetOf(server, request);
  if (!asUser) throw new AppError('mfaSetupSelfOnly');
  const setup = setupInProgress(user, type);
  if (!setup) throw new AppError('mfaSetupMissing');
  let proven = { dest: '', countryCode: '' };
  if (type === 'app') {
    const secret = paramOf(request, 'secret');
    if (!secret) throw new AppError('mfaTotpSecretMissing');
    if (secret !== setup.secret) throw new AppError('mfaSetupMissing');
    if (totpStep(setup.secret, passcode) === null) throw new AppError('mfaPasscodeWrong');
  } else {
    proven = await verifySentCode(server, request, user, type);
  }
  await saveMfaSetup(server, user, { ...setup, ...proven, verified: true });
  return 'OK';
}

/** POST /api/mfa/setup/enable: enables the method of the verified (or administrator's) setup; data "OK". */
export async function enableMfaSetup(server: ServerContext, request: FastifyRequest): Promise<string> {
  const type = typeOf(request);
  const { user, asUser } = await targetOf(server, request);
  if (!asUser) {
    if (type === 'app') throw new AppError('mfaSetupSelfOnly');
    requireAddress(user, type);
  }
  const setup = setupInProgress(user, type);
  if (!setup) throw new AppError('mfaSetupMissing');
  if (!setup.verified) throw new AppError('mfaSetupNotVerified');
  if (type === 'app') {
    const secret = paramOf(request, 'secret');
    if (!secret) throw new AppError('mfaTotpSecretMissing');
    if (secret !== setup.secret) throw new AppError('mfaSetupMissing');
  }
  await enableMfa(server, user, setup, type);
  return 'OK';
}

/** POST /api/delete-mfa: removes every method; data is the user's methods afterwards. */
export async function deleteMfa(server: ServerContext, request: FastifyRequest): Promise<MfaProps[]> {
  const { user } = await targetOf(server, request);
  return allMfaProps(await disableMfa(server, user));
}

/** POST /api/set-preferred-mfa: data is the user's methods afterwards. */
export async function preferMfa(server: ServerContext, request: FastifyRequest): Promise<MfaProps[]> {
  const type = typeOf(request);
  const { user } = await targetOf(server, request);
  return allMfaProps(await setPreferredMfa(server, user, type));
}
