import type { LdapSyncAnswer } from '@gatehouse/entities';

/**
 * What the sync page does with sync-ldap-users' answer: when some
 * selected users already existed or failed, it says which (their common names); otherwise it goes
 * to the organization's users.
 */
export type SyncOutcome = { kind: 'done' } | { kind: 'problems'; exist: string[]; failed: string[] };

export function syncOutcome(answer: LdapSyncAnswer | null | undefined): SyncOutcome {
  const exist = (answer?.exist ?? []).map((user) => user.cn);
  const failed = (answer?.failed ?? []).map((user) => user.cn);
  return exist.length === 0 && failed.length === 0 ? { kind: 'done' } : { kind: 'problems', exist, failed };
}

/** The common names as the messages list them: "[Alice, Bob]" reads "Alice, Bob" inside the brackets. */
export const nameList = (names: string[]) => names.join(', ');
