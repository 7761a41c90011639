import {
  type Application,
  type Organization,
  type Provider,
  providerRuleAdmits,
  type User,
  user as userDef,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { applicationProviders } from '../../domain/provider-lookups.js';
import { callingCodeOf, toE164 } from '../../integrations/sms/phone.js';

/**
 * Who a code goes to: the receiver a code is recorded under (an e-mail address in lower case, a
 * phone number in E.164), the account behind an e-mail address or a phone number, and the provider
 * of the application that sends it.
 */

export type CodeType = 'email' | 'phone';

export function emailReceiver(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A phone number in E.164: as given when it starts with "+", else a national number of the first of
 * `regions` (the account's or the request's country code, then the organization's) where it is
 * valid. Null when it is valid nowhere.
 */
export function phoneReceiver(phone: string, regions: readonly string[]): string | null {
  return toE164(phone.replace(/[\s().-]/g, ''), regions.filter(Boolean));
}

/** The regions a phone number is read in: the first given code, then the organization's. */
export function regionsOf(org: Pick<Organization, 'countryCodes'> | undefined, ...first: unknown[]): string[] {
  const listed = first.filter((code): code is string => typeof code === 'string' && code !== '');
  return [...new Set([...listed, ...(org?.countryCodes ?? [])])];
}

/** An active account of the organization with this e-mail address (case as stored, then any case). */
export async function userByEmail(ctx: ServerContext, owner: string, email: string): Promise<User | undefined> {
  const users = ctx.repo(userDef);
  const exact = await users.findBy('email', email.trim(), { owner });
  if (exact && !exact.isDeleted) return exact;
  const row = await ctx.database.db
    .selectFrom('user')
    .selectAll()
    .where('owner', '=', owner)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', emailReceiver(email)))
    .where('email', '!=', '')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const found = await users.get(row.owner, row.name);
  return found && !found.isDeleted ? found : undefined;
}

/**
 * An active account of the organization with this phone number: the number as stored (users keep
 * the national number and a country code), or the national part of an E.164 number whose calling
 * code matches the account's country.
 */
export async function userByPhone(
  ctx: ServerContext,
  org: Pick<Organization, 'name' | 'countryCodes'>,
  phone: string,
  countryCode = '',
): Promise<User | undefined> {
  const users = ctx.repo(userDef);
  const typed = phone.replace(/[\s().-]/g, '');
  const candidates = new Set([typed]);
  const e164 = phoneReceiver(typed, regionsOf(org, countryCode));
  if (e164) {
    const calling = callingCodeOf(e164) ?? '';
    candidates.add(e164.slice(1 + calling.length));
  }
  for (const candidate of candidates) {
    const found = await users.findBy('phone', candidate, { owner: org.name });
    if (!found || found.isDeleted) continue;
    // A national number matches when it is the same number in the account's own country.
    if (!e164 || candidate === typed || phoneReceiver(found.phone, regionsOf(org, found.countryCode)) === e164) {
      return found;
    }
  }
  return undefined;
}

/**
 * Casdoor's rule (object/application_item.go GetProviderByCategoryAndRule): the first provider row
 * of the application whose provider has the category and whose rule admits the method ('', All,
 * all, None, or the method itself); for SMS also whose country codes admit the receiver's country.
 * Providers are those of the application's organization, then the shared ones of admin.
 */
export async function messagingProvider(
  ctx: ServerContext,
  app: Application,
  category: 'Email' | 'SMS',
  method: string,
  countryCode = '',
): Promise<Provider | undefined> {
  const choice = (await applicationProviders(ctx, app, category)).find(
    ({ row }) => providerRuleAdmits(row.rule, method) && (category !== 'SMS' || countryAdmits(row.countryCodes, countryCode)),
  );
  return choice?.providers[0];
}

function countryAdmits(codes: readonly string[] | undefined, countryCode: string): boolean {
  if (!codes || codes.length === 0) return true;
  return codes.some((code) => code === '' || code === 'All' || code === 'all' || code === countryCode);
}
