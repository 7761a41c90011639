import {
  ADMIN_OWNER,
  type Application,
  application as applicationDef,
  fieldEntries,
  isCustomSignupItem,
  isItemRequired,
  isItemVisible,
  itemRule,
  nowRfc3339,
  type Organization,
  organization as organizationDef,
  SIGNUP_USER_FIELDS,
  type SignupItemRow,
  type SignupValues,
  signupFieldOf,
  signupViolation,
  user as userDef,
} from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { parseIncoming } from '../crud/records.js';
import type { Rec } from '../crud/repository.js';
import type { DialectName } from '../db/database.js';
import { userHooks } from '../entities/user.hooks.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';
import { sessionUserOf } from './account.js';
import { startSession } from './login.js';
import { checkSignupCodes, useSignupCodes } from './signup-codes.js';

/** No sign-up value is longer than the longest user field it may fill (bio, homepage). */
const MAX_VALUE_LENGTH = 2000;
/** Attempts at an Incremental id before giving up (each lost race or foreign id moves on by one). */
const MAX_ID_ATTEMPTS = 20;

/** The request's values as the sign-up rules read them (JSON, form or multipart bodies). */
function signupValuesOf(request: FastifyRequest): SignupValues {
  const body = request.body;
  const values: SignupValues = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return values;
  for (const [key, raw] of Object.entries(body as Record<string, unknown>)) {
    let value: string | string[] | boolean | undefined;
    if (typeof raw === 'string') value = raw;
    else if (typeof raw === 'boolean') value = raw;
    else if (typeof raw === 'number') value = String(raw);
    else if (Array.isArray(raw) && raw.every((v) => typeof v === 'string')) value = raw as string[];
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
function userFieldsOf(app: Application, values: SignupValues): Rec {
  const items = app.signupItems as SignupItemRow[];
  const visible = (name: string) => isItemVisible(items, name);
  const fields: Rec = {};
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
async function nextIncrementalId(db: Kysely<any>, dialect: DialectName, owner: string): Promise<number> {
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
async function refuseDuplicates(server: ServerContext, user: Rec, checkName: boolean): Promise<void> {
  const users = server.repo(userDef);
  const owner = String(user.owner);
  if (checkName && (await users.exists(owner, String(user.name)))) throw new AppError('usernameExists');
  if (user.email && (await users.findBy('email', String(user.email), { owner }))) throw new AppError('emailExists');
  if (user.phone && (await users.findBy('phone', String(user.phone), { owner }))) throw new AppError('phoneExists');
}

/**
 * Inserts the new user. With the Incremental ID rule the id is the organization's next number; the
 * unique index on ids decides races (a concurrent sign-up, or another organization holding that
 * number), and the next number is tried. A lost race for the username is reported as such.
 */
async function insertUser(server: ServerContext, user: Rec, incremental: boolean, nameFromId: boolean): Promise<void> {
  const { db, dialect } = server.database;
  const users = server.repo(userDef);
  let candidate = 0;
  for (let attempt = 0; ; attempt++) {
    if (incremental) {
      candidate = Math.max(candidate + 1, await nextIncrementalId(db, dialect, String(user.owner)));
      user.id = String(candidate);
    }
    if (nameFromId) user.name = user.id;
    try {
      await db.transaction().execute((trx) => users.insert(user, trx));
      return;
    } catch (error) {
      if (await users.exists(String(user.owner), String(user.name))) throw new AppError('usernameExists');
      const idTaken = !!(await users.findBy('id', String(user.id)));
      if (!incremental || !idTaken || attempt + 1 >= MAX_ID_ATTEMPTS) throw error;
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
  const app = (await server.repo(applicationDef).get(ADMIN_OWNER, applicationName)) as Application | undefined;
  if (!app) throw new AppError('applicationMissing', { name: applicationName });
  const requested = paramOf(request, 'organization');
  if (requested && requested !== app.organization) {
    throw new AppError('signupOrganizationMismatch', {
      application: app.name,
      expected: app.organization,
      organization: requested,
    });
  }
  const org = (await server.repo(organizationDef).get(ADMIN_OWNER, app.organization)) as Organization | undefined;
  if (!org) throw new AppError('organizationMissing', { name: app.organization });
  if (!app.enableSignUp) throw new AppError('signupDisabled');

  const items = app.signupItems as SignupItemRow[];
  // Invitations arrive in a later release: an application that requires a code cannot sign anyone
  // up yet; any other application ignores a code it is sent.
  if (isItemRequired(items, 'Invitation code')) throw new AppError('invitationCodeUnavailable', { application: app.name });

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

  const nameFromId = !isItemVisible(items, 'Username');
  const username = nameFromId ? '' : textOf(values, 'username');
  const fields = userFieldsOf(app, values);
  const { values: checked, provided } = parseIncoming(userDef, fields);

  const now = nowRfc3339();
  const user: Rec = {};
  for (const [key, field] of fieldEntries(userDef)) user[key] = key in checked ? checked[key] : field.empty();
  Object.assign(user, {
    owner: org.name,
    name: username,
    createdTime: now,
    updatedTime: now,
    type: 'normal-user',
    displayName: checked.displayName || username,
    signupApplication: app.name,
    groups: app.defaultGroup ? [app.defaultGroup] : [],
    isAdmin: false,
  });
  await refuseDuplicates(server, user, !nameFromId);
  // E-mail and phone codes (method signup) where the items ask for verification.
  const codes = await checkSignupCodes(server, app, org, values);
  if (codes.emailVerified) user.emailVerified = true;

  // The user hooks give what every new user gets: a random id, the organization's initial score,
  // default avatar and country code, and the password hashed under the organization's options.
  const viewer = { owner: org.name, name: username, level: 'user' as const };
  await userHooks.beforeAdd?.({ trx: server.database.db, viewer, server }, user, provided);
  const incremental = itemRule(items, 'ID') === 'Incremental';
  await useSignupCodes(server, codes);
  await insertUser(server, user, incremental, nameFromId);

  // A new account stays signed in as it always has (the sign-up form asks nothing about it).
  await startSession(server, request, reply, user, app, true);
  return ok(`${user.owner}/${user.name}`);
}
