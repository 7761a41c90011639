import { SIMULATION_USERS, type Simulation } from '@gatehouse/entities';
import type { TFunction } from '../../shared/i18n/i18n';

/** "no user", "1 user", "3 users" (the catalogues have no plural forms: one key per form; zh says the same for each). */
export function usersText(t: TFunction, count: number): string {
  if (count === 0) return t('enforce.users.none');
  return count === 1 ? t('enforce.users.one') : t('enforce.users.many', { count });
}

/**
 * What a simulation found, in a sentence: how many users would gain and lose access, of how many
 * checked ("3 users checked"; "the first 1000 users checked" when the organization has more than a
 * simulation tries).
 */
export function simulationSummary(t: TFunction, result: Simulation): string {
  const users = usersText(t, result.checked);
  const checked = result.checked >= SIMULATION_USERS ? t('enforce.checkedFirst', { users }) : t('enforce.checked', { users });
  if (result.gained.length === 0 && result.lost.length === 0) return t('enforce.simulateNothing', { checked });
  return t('enforce.simulateResult', {
    gained: usersText(t, result.gainedUsers),
    lost: usersText(t, result.lostUsers),
    checked,
  });
}

/**
 * The actions the panel offers for `act`: the permission's own first (as it spells them), then the
 * policy rows' (permissions' rows keep them in lower case) that differ from them in more than case.
 */
export function actionChoices(own: readonly string[], fromRows: readonly string[]): string[] {
  const seen = new Set<string>();
  const choices: string[] = [];
  for (const action of [...own, ...fromRows]) {
    const key = action.toLowerCase();
    if (action === '' || seen.has(key)) continue;
    seen.add(key);
    choices.push(action);
  }
  return choices;
}
