import {
  type Application,
  isItemVisible,
  itemRule,
  type Organization,
  type SignupValues,
  type Verification,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { checkCode, consumeCode } from '../domain/verification.js';
import { AppError } from '../errors.js';
import { emailReceiver, phoneReceiver, regionsOf } from './verification/targets.js';

/**
 * The codes a sign-up must carry (Casdoor's rule): a visible Email item whose rule is not "No
 * verification" needs emailCode for the address given, a visible Phone item likewise phoneCode for
 * the number given (codes sent with method signup). Checked before the account is made, used up
 * just before it is stored.
 */

function text(values: SignupValues, field: string): string {
  const value = values[field];
  return typeof value === 'string' ? value.trim() : '';
}

export interface SignupCodes {
  records: Verification[];
  /** The e-mail address was proven with a code. */
  emailVerified: boolean;
}

export async function checkSignupCodes(
  server: ServerContext,
  app: Application,
  org: Organization,
  values: SignupValues,
): Promise<SignupCodes> {
  const items = app.signupItems;
  const needs = (name: string) => isItemVisible(items, name) && itemRule(items, name) !== 'No verification';
  const records: Verification[] = [];
  let emailVerified = false;
  const email = text(values, 'email');
  if (needs('Email') && email !== '') {
    records.push(await checkCode(server, { owner: org.name, receiver: emailReceiver(email) }, text(values, 'emailCode')));
    emailVerified = true;
  }
  const phone = text(values, 'phone');
  if (needs('Phone') && phone !== '') {
    const countryCode = text(values, 'countryCode');
    const receiver = phoneReceiver(phone, regionsOf(org, countryCode));
    if (!receiver) throw new AppError('verificationPhoneInvalid', { region: countryCode });
    records.push(await checkCode(server, { owner: org.name, receiver }, text(values, 'phoneCode')));
  }
  return { records, emailVerified };
}

/** Uses the checked codes up (each once: a concurrent sign-up with the same code loses). */
export async function useSignupCodes(server: ServerContext, codes: SignupCodes, trx?: Db): Promise<void> {
  for (const record of codes.records) await consumeCode(server, record, {}, trx);
}
