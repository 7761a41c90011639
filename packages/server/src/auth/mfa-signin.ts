import { type Application, type Envelope, isMfaType, NEXT_MFA, type User, user as userDef } from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { totpStep } from '../crypto/totp.js';
import { claimOnce } from '../db/used-once.js';
import { allMfaProps, mfaTypeEnabled } from '../domain/mfa-props.js';
import { organizationByName } from '../domain/organization.js';
import { hasRecoveryCode, useRecoveryCode } from '../domain/user-mfa.js';
import { checkCode, consumeCode, WrongCodeError } from '../domain/verification.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';
import { clearFailures, countFailure, failureKey, lockoutOf, readFailures } from './credentials.js';
import { closeMfaChallenge, findMfaChallenge, type MfaChallenge, openMfaChallenge } from './mfa-challenge.js';
import { emailReceiver, phoneReceiver, regionsOf } from './verification/targets.js';

/**
 * The second step of a sign-in (Casdoor: checkMfaEnable and the MfaUserSession branch of
 * controllers/auth.go Login). After a first step that proved who signs in, a user with a method
 * enabled is answered data "NextMfa" with the methods to choose from (data2, addresses masked) and
 * the sign-in waits (mfa-challenge.ts). The second POST /api/login carries mfaType and passcode
 * (the app's code, or a code sent by e-mail or SMS with method mfaAuth), or a recoveryCode; it
 * continues the first step's sign-in. Wrong passcodes and recovery codes count as wrong passwords
 * (the same lockout), which the first step did not clear for such a user; their refusals say which
 * code was wrong. An app's code that already signed in is refused as used, and not counted.
 */

/**
 * After the first step: "NextMfa" with the user's methods when there are any to ask (a code sign-in
 * by e-mail cannot be followed by an e-mail code), null when the sign-in goes on at once.
 */
export async function nextMfaStep(
  server: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  app: Application,
  verificationType: string,
): Promise<Envelope | null> {
  const methods = allMfaProps(user).filter((method) => method.enabled && method.mfaType !== verificationType);
  if (methods.length === 0) return null;
  await openMfaChallenge(server, request, reply, user, app.name, verificationType);
  return ok(NEXT_MFA, methods);
}

/** The sign-in waiting for this POST's second factor, or null when the POST is no second step. */
export async function pendingMfaSignin(server: ServerContext, request: FastifyRequest): Promise<MfaChallenge | null> {
  if (paramOf(request, 'username')) return null;
  if (!paramOf(request, 'passcode') && !paramOf(request, 'recoveryCode')) return null;
  const challenge = await findMfaChallenge(server, request);
  if (!challenge) throw new AppError('mfaSigninExpired');
  return challenge;
}

export interface SecondFactor {
  user: User;
  /** A recovery code signed in: the new code that replaces it, answered once. */
  newRecoveryCode?: string;
}

/** A code sent with method mfaAuth (recorded under the sign-in application's organization, as send.ts does). */
async function checkSentCode(server: ServerContext, app: Application, user: User, type: 'sms' | 'email', passcode: string) {
  let receiver = emailReceiver(user.email);
  if (type === 'sms') {
    const org = await organizationByName(server, app.organization);
    receiver = phoneReceiver(user.phone, regionsOf(org, user.countryCode)) ?? '';
  }
  const record = await checkCode(server, { owner: app.organization, receiver }, passcode);
  await consumeCode(server, record);
}

/**
 * Whether the app's code is right now ('wrong' when not) and was not used before ('used': codes are
 * claimed once, on any instance, so that a code seen over a shoulder cannot be replayed).
 */
async function appCodeVerdict(server: ServerContext, user: User, passcode: string): Promise<'accepted' | 'wrong' | 'used'> {
  const step = totpStep(user.totpSecret, passcode);
  if (step === null) return 'wrong';
  const claimed = await claimOnce(server.database, 'mfa-totp-step', `${user.id}:${step}`, new Date(Date.now() + 120_000));
  return claimed ? 'accepted' : 'used';
}

/**
 * Checks the second factor of the waiting sign-in (`request` is the second POST, which carries it)
 * and ends the wait; answers the user who signs in.
 */
export async function verifySecondFactor(
  server: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  challenge: MfaChallenge,
  app: Application,
): Promise<SecondFactor> {
  const user = await server.repo(userDef).get(challenge.owner, challenge.name);
  if (!user || user.isDeleted || app.name !== challenge.application) throw new AppError('mfaSigninExpired');
  if (user.isForbidden) throw new AppError('userForbidden');
  const lockout = lockoutOf(app);
  const failures = await readFailures(server, failureKey(user.owner, user, user.name), lockout);
  const passcode = paramOf(request, 'passcode').trim();
  const recoveryCode = paramOf(request, 'recoveryCode').trim();

  if (passcode) {
    const type = paramOf(request, 'mfaType');
    if (!isMfaType(type) || type === challenge.verificationType || !mfaTypeEnabled(user, type)) {
      throw new AppError('mfaTypeInvalid');
    }
    if (type === 'app') {
      const verdict = await appCodeVerdict(server, user, passcode);
      if (verdict === 'wrong') await countFailure(server, failures, lockout, 'mfaCodeWrong');
      // A right code that signed in before: no guess, so no failure counted; the next code will do.
      if (verdict === 'used') throw new AppError('mfaCodeUsed');
    } else {
      try {
        await checkSentCode(server, app, user, type, passcode);
      } catch (error) {
        if (error instanceof WrongCodeError) await countFailure(server, failures, lockout, 'mfaCodeWrong');
        throw error;
      }
    }
  } else if (recoveryCode) {
    if (user.recoveryCodes.length === 0) throw new AppError('mfaNoRecoveryCodes');
    if (!hasRecoveryCode(user, recoveryCode)) await countFailure(server, failures, lockout, 'mfaRecoveryCodeWrong');
  } else {
    throw new AppError('mfaPasscodeMissing');
  }

  // Of two right answers racing, one continues the sign-in.
  if (!(await closeMfaChallenge(server, reply, challenge))) throw new AppError('mfaSigninExpired');
  let newRecoveryCode: string | undefined;
  if (!passcode) {
    // Used up now (of two sign-ins racing with one code, one wins), and replaced.
    newRecoveryCode = (await useRecoveryCode(server, user, recoveryCode)) ?? undefined;
    if (!newRecoveryCode) throw new AppError('mfaSigninExpired');
  }
  await clearFailures(server, failures);
  return { user, newRecoveryCode };
}
