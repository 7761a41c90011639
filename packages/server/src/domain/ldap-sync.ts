import {
  group as groupDef,
  type Ldap,
  type LdapDirectoryUser,
  type LdapSyncAnswer,
  type LdapUsersAnswer,
  ldap as ldapDef,
  may,
  nowRfc3339,
  splitId,
  user as userDef,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import { withDirectory } from '../integrations/ldap/connection.js';
import { BINARY_ATTRIBUTES, directoryUserOf, dnComponents, listFilter, USER_ATTRIBUTES } from '../integrations/ldap/entries.js';
import { refusal } from './actor.js';
import type { RecordKey } from './entity-domain.js';
import { ldaps } from './ldap.js';
import { requireOrganization } from './organization.js';
import { users } from './user.js';

/** Uuids asked about per query: well below every engine's limit of bound values. */
const UUID_BATCH = 500;

/**
 * The LDAP server `key` names, for a viewer who may change it (listing and syncing its directory
 * are administrators' work); refused alike whether or not it exists when the organization is not
 * the viewer's to manage.
 */
export async function ldapForAdmin(server: ServerContext, viewer: Viewer, key: RecordKey): Promise<Ldap> {
  if (!may(ldapDef, 'update', viewer, { owner: key.owner })) throw refusal(viewer);
  const record = await server.repo(ldapDef).get(key.owner, key.name);
  if (!record) throw new AppError('missing', { entity: ldapDef.name, id: `${key.owner}/${key.name}` });
  if (!may(ldapDef, 'update', viewer, record)) throw refusal(viewer);
  return record;
}

/** Every user of the server's directory (below its base DN, matching its filter). */
async function readDirectory(server: ServerContext, ldap: Ldap): Promise<(LdapDirectoryUser & { dn: string })[]> {
  const entries = await withDirectory(server.services.outbound, ldap, (connection) =>
    connection.search(ldap.baseDn, listFilter(ldap.filter), USER_ATTRIBUTES, BINARY_ATTRIBUTES),
  );
  return entries.map((entry) => directoryUserOf(entry, ldap.usernameAttribute));
}

/** A directory user as the wire carries it (without the entry's DN, which stays on the server). */
function wireUser({ dn: _dn, ...user }: LdapDirectoryUser & { dn?: string }): LdapDirectoryUser {
  return user;
}

/** Which of `uuids` users of the organization were synced from (their `ldap` field), through the (owner, ldap) index. */
export async function syncedUuids(server: ServerContext, owner: string, uuids: string[]): Promise<string[]> {
  const wanted = [...new Set(uuids.filter(Boolean))];
  const found: string[] = [];
  for (let i = 0; i < wanted.length; i += UUID_BATCH) {
    const rows = await server.database.db
      .selectFrom('user')
      .select('ldap')
      .distinct()
      .where('owner', '=', owner)
      .where('ldap', 'in', wanted.slice(i, i + UUID_BATCH))
      .execute();
    found.push(...rows.map((row) => row.ldap));
  }
  return found;
}

/** get-ldap-users: the directory's users and which of them are synced into the organization already. */
export async function directoryUsers(server: ServerContext, ldap: Ldap): Promise<LdapUsersAnswer> {
  const directory = await readDirectory(server, ldap);
  const existUuids = await syncedUuids(
    server,
    ldap.owner,
    directory.map((user) => user.uuid),
  );
  return { users: directory.map(wireUser), existUuids };
}

/**
 * Adds the chosen directory users to the server's organization (Casdoor's SyncLdapUsers): each
 * through the users domain, in a transaction of its own, as a user whose name is the entry's
 * username attribute, whose `ldap` is the entry's uuid and who joins the server's default group.
 * The values come from the directory as it is now, never from the caller: `selection` only names
 * entries by uuid ('all': every entry, the auto sync). A user already synced (the uuid) or whose
 * name is taken is reported in `exist`; one that cannot be added (no such entry any more, no name,
 * a refused value) in `failed`. The server's lastSync records the run.
 */
export async function syncDirectoryUsers(
  server: ServerContext,
  ldap: Ldap,
  selection: LdapDirectoryUser[] | 'all',
): Promise<LdapSyncAnswer> {
  const directory = await readDirectory(server, ldap);
  const byUuid = new Map(directory.map((user) => [user.uuid, user]));
  const failed: LdapDirectoryUser[] = [];
  const exist: LdapDirectoryUser[] = [];
  let chosen = directory;
  if (selection !== 'all') {
    chosen = [];
    for (const wanted of selection) {
      const found = byUuid.get(wanted.uuid);
      if (found) chosen.push(found);
      else failed.push(wanted);
    }
  }
  const synced = new Set(
    await syncedUuids(
      server,
      ldap.owner,
      chosen.map((user) => user.uuid),
    ),
  );
  const org = await requireOrganization(server, ldap.owner);
  const group = splitId(ldap.defaultGroup);
  const groups = group && (await server.repo(groupDef).exists(group.owner, group.name)) ? [ldap.defaultGroup] : [];
  // Casdoor's: the base DN's domain components are the affiliation, the bind DN's units the tag.
  const affiliation = dnComponents(ldap.baseDn, 'dc');
  const tag = dnComponents(ldap.username, 'ou');
  const userRepo = server.repo(userDef);
  for (const user of chosen) {
    if (synced.has(user.uuid) || (user.uid && (await userRepo.exists(ldap.owner, user.uid)))) {
      exist.push(user);
      continue;
    }
    try {
      if (!user.uid) throw new AppError('nameRequired');
      await users.create(server, 'system', {
        owner: ldap.owner,
        name: user.uid,
        displayName: user.displayName || user.cn,
        type: 'normal-user',
        // Directory users sign in with the directory's password, never one of ours.
        password: '',
        email: user.email,
        phone: user.mobile,
        address: user.address ? [user.address] : [],
        affiliation,
        tag,
        signupApplication: org.defaultApplication,
        groups,
        ldap: user.uuid,
      });
      synced.add(user.uuid);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      server.log.warn({ ldap: `${ldap.owner}/${ldap.id}`, cn: user.cn, reason: error.key }, 'LDAP user not synced');
      failed.push(user);
    }
  }
  await ldaps.update(
    server,
    'system',
    { owner: ldap.owner, name: ldap.id },
    { lastSync: nowRfc3339() },
    { columns: ['lastSync'] },
  );
  return { exist: exist.map(wireUser), failed: failed.map(wireUser) };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The directory users a sync-ldap-users body selects (Casdoor's body: the selected rows of the sync
 * page); only their uuids count, the other values are echoed in `failed` when the entry is gone.
 */
export function selectionOf(body: unknown): LdapDirectoryUser[] {
  if (!Array.isArray(body)) throw new AppError('ldapSyncBodyNotList');
  const selection = body.map((item: unknown): LdapDirectoryUser => {
    const row: Record<string, unknown> = typeof item === 'object' && item !== null ? { ...item } : {};
    const uuid = text(row.uuid);
    if (!uuid) throw new AppError('ldapSyncBodyNotList');
    return {
      cn: text(row.cn),
      uid: text(row.uid),
      uidNumber: text(row.uidNumber),
      groupId: text(row.groupId),
      uuid,
      displayName: text(row.displayName),
      email: text(row.email),
      mobile: text(row.mobile),
      address: text(row.address),
    };
  });
  if (selection.length === 0) throw new AppError('ldapSyncNoUsers');
  return selection;
}
