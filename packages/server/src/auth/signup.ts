import { randomUUID } from 'node:crypto';
import {
  type Application,
  type Invitation,
  isCustomSignupItem,
  isItemRequired,
  isItemVisible,
  itemRule,
  SIGNUP_USER_FIELDS,
  type SignupValues,
  signupFieldOf,
  signupViolation,
  type User,
  user as userDef,
} from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Db, DialectName } from '../db/database.js';
import { applicationByName } from '../domain/application.js';
import { inTransaction } from '../domain/entity-domain.js';
import { checkInvitation, invitationGroup, useInvitation } from '../domain/invitation.js';
import { organizationByName } from '../domain/organization.js';
import { parseIncoming } from '../domain/records.js';
import { users } from '../domain/user.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { bodyOf, paramOf } from '../http/params.js';
import { sessionUserOf } from './account.js';
import { noteNewUser, startSession } from './login.js';
import { checkSignupCodes, type SignupCodes, useSignupCodes } from './signup-codes.js';

/** No sign-up value is longer than the longest user field it may fill (bio, homepage). */
const MAX_VALUE_LENGTH = 2000;
/** Attempts at an Incremental id before giving up (each lost race or foreign id moves on by one). */
const MAX_ID_ATTEMPTS = 20;

/** The request's values as the sign-up rules read them (JSON, form or multipart bodies). */
function signupValuesOf(request: FastifyRequest): SignupValues {
  const values: SignupValues = {};
  for (const [key, raw] of Object.entries(bodyOf(request))) {
    let value: string | string[] | boolean | undefined;
    if (typeof raw === 'string') value = raw;
    else if (typeof raw === 'boolean') value = raw;
    else if (typeof raw === 'number') value = String(raw);
    else if (Array.isArray(raw) && raw.every((v) => typeof v === 'string')) value = raw.filter((v) => typeof v === 'string');
    else continue;
    const length = Array.isArray(value) ? value.join(', ').length : typeof value === 'string' ? value.length : 0;
    if (length > MAX_VALUE_LENGTH) throw new AppError('invalidField', { field: key, detail: `longer than ${MAX_VALUE_LENGTH}` });
    values[key] = value;
  }
  return values;
}

function textOf(values: SignupValues, field: string): string {
  const value = values[field];
  if (Array.isArray(value)) return value.filter((v) => v !== '').join(', ');
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The new user's fields from the visible items (a hidden item's value is ignored, whatever the
 * request carries). Choice values are joined with ", " as Casdoor stores them.
 */
function userFieldsOf(app: Application, values: SignupValues): Partial<User> {
  const items = app.signupItems;
  const visible = (name: string) => isItemVisible(items, name);
  const fields: Partial<User> = {};
  const properties: Record<string, string> = {};

  if (visible('Password')) fields.password = typeof values.password === 'string' ? values.password : '';
  if (visible('Display name')) {
    if (itemRule(items, 'Display name') === 'First, last') {
      fields.firstName = textOf(values, 'firstName');
      fields.lastName = textOf(values, 'lastName');
      fields.displayName = `${fields.firstName} ${fields.lastName}`.trim();
    } else fields.displayName = textOf(values, 'name');
  }
  if (visible('First name') && fields.firstName === undefined) fields.firstName = textOf(values, 'firstName');
  if (visible('Last name') && fields.lastName === undefined) fields.lastName = textOf(values, 'lastName');
  const emailOrPhone = visible('Email or Phone') || visible('Phone or Email');
  if (visible('Email') || emailOrPhone) {
    fields.email = textOf(values, 'email');
    // Set once the sign-up's e-mail code is checked (signup-codes.ts).
    fields.emailVerified = false;
  }
  if (visible('Phone') || emailOrPhone) {
    fields.phone = textOf(values, 'phone');
    if (fields.phone) fields.countryCode = textOf(values, 'countryCode');
  }
  for (const row of items) {
    if (!row.visible || !isCustomSignupItem(row)) continue;
    const value = textOf(values, signupFieldOf(row.name));
    const userField = SIGNUP_USER_FIELDS[row.name];
    if (userField) fields[userField] = value;
    else if (value !== '') properties[row.name] = value;
  }
  if (Object.keys(properties).length > 0) fields.properties = properties;
  return fields;
}

/** Only digits: the ids the Incremental rule hands out. */
function numericIdCondition(dialect: DialectName) {
  if (dialect === 'postgres') return sql<boolean>`${sql.ref('id')} ~ '^[0-9]+$'`;
  if (dialect === 'mysql') return sql<boolean>`${sql.ref('id')} regexp '^[0-9]+$'`;
  return sql<boolean>`${sql.ref('id')} <> '' and ${sql.ref('id')} not glob '*[^0-9]*'`;
}

/** One more than the largest numeric id of the organization's users (1 for the first). */
async function nextIncrementalId(db: Db, dialect: DialectName, owner: string): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('owner', '=', owner)
    .where(numericIdCondition(dialect))
    .orderBy(sql`length(${sql.ref('id')})`, 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) + 1 : 1;
}

/** Refuses a username (unless it comes from the id), e-mail or phone the organization already has. */
async function refuseDuplicates(server: ServerContext, user: NewUser, checkName: boolean): Promise<void> {
  const repo = users.repo(server);
  if (checkName && (await repo.exists(user.owner, user.name))) throw new AppError('usernameExists');
  if (user.email && (await repo.findBy('email', user.email, { owner: user.owner }))) throw new AppError('emailExists');
  if (user.phone && (await repo.findBy('phone', user.phone, { owner: user.owner }))) throw new AppError('phoneExists');
}

type NewUser = Partial<User> & { owner: string; name: string };

/**
 * Creates the new user through the users domain (its rules and hooks: id, initial score, avatar,
 * the password hashed under the organization's options), using the sign-up's codes up in the same
 * transaction. With the Incremental ID rule the id is the organization's next number; the unique
 * index on ids decides races (a concurrent sign-up, or another organization holding that number),
 * and the next number is tried. A lost race for the username is reported as such.
 */
async function createSignupUser(
  server: ServerContext,
  user: NewUser,
  codes: SignupCodes,
  rules: { incremental: boolean; nameFromId: boolean; invitation?: Invitation },
): Promise<User> {
  const { db, dialect } = server.database;
  let candidate = 0;
  for (let attempt = 0; ; attempt++) {
    const next = { ...user };
    if (rules.incremental) {
      candidate = Math.max(candidate + 1, await nextIncrementalId(db, dialect, user.owner));
      next.id = String(candidate);
    } else if (rules.nameFromId) {
      next.id = randomUUID();
    }
    if (rules.nameFromId && next.id) next.name = next.id;
    try {
      return await inTransaction(server, undefined, async (trx) => {
        await useSignupCodes(server, codes, trx);
        if (rules.invitation) await useInvitation(trx, rules.invitation);
        return users.create(server, 'system', next, { trx });
      });
    } catch (error) {
      if (await users.repo(server).exists(next.owner, next.name)) throw new AppError('usernameExists');
      const idTaken = !!next.id && !!(await users.repo(server).findBy('id', next.id));
      if (!rules.incremental || !idTaken || attempt + 1 >= MAX_ID_ATTEMPTS) throw error;
    }
  }
}

/**
 * POST /api/signup (Casdoor's AuthForm body: application, organization, username, password, name,
 * firstName, lastName, email, phone, countryCode, invitationCode ...). Checks the application's
 * sign-up items again whatever the page did, creates the user in the application's organization,
 * opens a console session (an OAuth flow then continues without the password) and answers
 * data = "owner/name".
 */
export async function signUp(server: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  if (await sessionUserOf(server, request)) throw new AppError('signOutFirst');

  const applicationName = paramOf(request, 'application');
  if (!applicationName) throw new AppError('missingParameter', { name: 'application' });
  const app = await applicationByName(server, applicationName);
  if (!app) throw new AppError('applicationMissing', { name: applicationName });
  const requested = paramOf(request, 'organization');
  if (requested && requested !== app.organization) {
    throw new AppError('signupOrganizationMismatch', {
      application: app.name,
      expected: app.organization,
      organization: requested,
    });
  }
  const org = await organizationByName(server, app.organization);
  if (!org) throw new AppError('organizationMissing', { name: app.organization });
  if (!app.enableSignUp) throw new AppError('signupDisabled');

  const items = app.signupItems;
  const values = signupValuesOf(request);
  const violation = signupViolation(
    {
      applicationName: app.name,
      signupItems: items,
      countryCodes: org.countryCodes,
      emailAsUsername: org.useEmailAsUsername,
      tags: app.tags,
    },
    values,
  );
  if (violation) throw new AppError(violation.key, violation.params);

  // Without a Username item the account is named by its e-mail address where the organization uses
  // e-mail addresses as usernames and the form asks for one (Casdoor's rule), else by its id.
  const emailName =
    !isItemVisible(items, 'Username') && org.useEmailAsUsername && isItemVisible(items, 'Email') ? textOf(values, 'email') : '';
  const nameFromId = !isItemVisible(items, 'Username') && emailName === '';
  const username = emailName || (nameFromId ? '' : textOf(values, 'username'));
  const fields = userFieldsOf(app, values);
  // The values' own field errors first, before anything is looked up.
  parseIncoming(userDef, 'system', fields);
  const user: NewUser = {
    ...fields,
    owner: org.name,
    name: username,
    type: 'normal-user',
    displayName: fields.displayName || username,
    signupApplication: app.name,
    groups: app.defaultGroup ? [app.defaultGroup] : [],
    isAdmin: false,
  };
  await refuseDuplicates(server, user, !nameFromId);
  // An invitation code, required by the application or given where it asks for one, is checked here and counted
  // with the new user (createSignupUser); its sign-up group is joined.
  const code = textOf(values, 'invitationCode');
  let invitation: Invitation | undefined;
  if ((code && isItemVisible(items, 'Invitation code')) || isItemRequired(items, 'Invitation code')) {
    if (!code) throw new AppError('invitationCodeInvalid');
    invitation = await checkInvitation(server.database.db, app, code, {
      username,
      email: user.email ?? '',
      phone: user.phone ?? '',
      requires: (item) => isItemRequired(items, item),
    });
    const joined = invitationGroup(invitation);
    if (joined) user.groups = [joined];
  }
  // E-mail and phone codes (method signup) where the items ask for verification.
  const codes = await checkSignupCodes(server, app, org, values);
  if (codes.emailVerified) user.emailVerified = true;

  const incremental = itemRule(items, 'ID') === 'Incremental';
  const created = await createSignupUser(server, user, codes, { incremental, nameFromId, invitation });

  noteNewUser(request, created);
  // A new account stays signed in as it always has (the sign-up form asks nothing about it).
  await startSession(server, request, reply, created, app, ['pwd'], true);
  return ok(`${created.owner}/${created.name}`);
}
