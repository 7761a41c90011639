import {
  ALL_APPLICATIONS,
  type Application,
  group as groupDef,
  type Invitation,
  invitation as invitationDef,
  isPlainCode,
} from '@gatehouse/entities';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { applicationByName } from './application.js';
import { EntityDomain } from './entity-domain.js';
import type { HookContext } from './hooks.js';
import { requireOrganization } from './organization.js';

/**
 * The invitation's own rules, on every write: its organization exists; the default code follows a
 * code of letters and digits (and is the code itself when left empty); no two invitations of an
 * organization share a code; the used count stays within the quota; the application is `All` or
 * one of the organization's, and the sign-up group one of its groups.
 */
async function settle(ctx: HookContext, invitation: Invitation, ownName: string): Promise<void> {
  const { trx, server } = ctx;
  await requireOrganization(server, invitation.owner, trx);
  if (!invitation.code) throw new AppError('invitationCodeEmpty');
  if (isPlainCode(invitation.code) || !invitation.defaultCode) invitation.defaultCode = invitation.code;
  if (invitation.usedCount > invitation.quota) {
    throw new AppError('invitationUsedCountOverQuota', { usedCount: invitation.usedCount, quota: invitation.quota });
  }
  const taken = await trx
    .selectFrom('invitation')
    .select('name')
    .where('owner', '=', invitation.owner)
    .where('name', '!=', ownName)
    .where((eb) =>
      eb.or([
        eb('code', '=', invitation.code),
        eb('defaultCode', '=', invitation.code),
        eb('code', '=', invitation.defaultCode),
        eb('defaultCode', '=', invitation.defaultCode),
      ]),
    )
    .executeTakeFirst();
  if (taken) throw new AppError('invitationCodeTaken', { code: invitation.code, id: `${invitation.owner}/${taken.name}` });
  if (!invitation.application) invitation.application = ALL_APPLICATIONS;
  if (invitation.application !== ALL_APPLICATIONS) {
    const app = await applicationByName(server, invitation.application, trx);
    if (app?.organization !== invitation.owner) {
      throw new AppError('invitationApplicationMissing', { application: invitation.application, owner: invitation.owner });
    }
  }
  if (invitation.signupGroup && !(await server.repo(groupDef).exists(invitation.owner, invitation.signupGroup, trx))) {
    throw new AppError('invitationGroupMissing', { group: invitation.signupGroup, owner: invitation.owner });
  }
}

export const invitations = new EntityDomain(invitationDef, {
  beforeAdd: (ctx, invitation) => settle(ctx, invitation, invitation.name),
  beforeUpdate: (ctx, before, next) => settle(ctx, next, before.name),
});

/** What a sign-up gives that an invitation may be tied to. */
export interface InvitedPerson {
  username: string;
  email: string;
  phone: string;
  /** The sign-up items the application requires (an invitation's username binds only when asked). */
  requires: (item: 'Username' | 'Email' | 'Phone') => boolean;
}

/**
 * The invitation a sign-up's code names, checked (Casdoor's messages): a code of
 * the application's organization, for this application or all, active, not used up, and for this
 * person when it names one. The use itself is counted by `useInvitation`, in the sign-up's
 * transaction.
 */
export async function checkInvitation(db: Db, app: Application, code: string, person: InvitedPerson): Promise<Invitation> {
  const rows = await db
    .selectFrom('invitation')
    .selectAll()
    .where('owner', '=', app.organization)
    .where((eb) => eb.or([eb('code', '=', code), eb('defaultCode', '=', code)]))
    .execute();
  const found = rows.find((row) => row.application === ALL_APPLICATIONS || row.application === app.name);
  if (!found) throw new AppError('invitationCodeInvalid');
  if (found.state !== 'Active') throw new AppError('invitationCodeSuspended');
  if (found.usedCount >= found.quota) throw new AppError('invitationCodeExhausted');
  if (person.requires('Username') && found.username && found.username !== person.username) {
    throw new AppError('invitationUsernameMismatch');
  }
  if (person.requires('Email') && found.email && found.email !== person.email) throw new AppError('invitationEmailMismatch');
  if (person.requires('Phone') && found.phone && found.phone !== person.phone) throw new AppError('invitationPhoneMismatch');
  return found;
}

/**
 * Counts one use of an invitation, in the sign-up's transaction. The check and the count are one
 * statement, so that of two sign-ups racing for the last use exactly one wins; the other is told
 * the code is used up and its transaction (the new user included) is undone.
 */
export async function useInvitation(trx: Db, invitation: Invitation): Promise<void> {
  const result = await trx
    .updateTable('invitation')
    .set({ usedCount: sql<number>`${sql.ref('usedCount')} + 1` })
    .where('owner', '=', invitation.owner)
    .where('name', '=', invitation.name)
    .where('state', '=', 'Active')
    .where(sql<boolean>`${sql.ref('usedCount')} < ${sql.ref('quota')}`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('invitationCodeExhausted');
}

/** The group id a sign-up through `invitation` joins, if it names one. */
export function invitationGroup(invitation: Invitation): string | undefined {
  if (!invitation.signupGroup) return undefined;
  return invitation.signupGroup.includes('/') ? invitation.signupGroup : `${invitation.owner}/${invitation.signupGroup}`;
}
