import type { AccessChange, Simulation } from '@gatehouse/entities';
import type { Enforcement } from './enforcement.js';
import { idOf, modelAndAdapterOf, type PermissionRules } from './permission-policies.js';

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].filter((v) => v !== '*' && v !== '');
}

/**
 * What saving `edited` would change for the organization's first users: the permissions that share
 * its model and adapter compiled as they are stored and with the edit, asked the same requests
 * (each user × the resources, actions and domains of both versions).
 */
export async function simulateEdit(
  engine: Enforcement,
  stored: readonly PermissionRules[],
  edited: PermissionRules,
  users: readonly string[],
): Promise<Simulation> {
  const id = idOf(edited);
  const before = stored.find((p) => idOf(p) === id);
  const group = stored.filter((p) => idOf(p) !== id && modelAndAdapterOf(p) === modelAndAdapterOf(edited));
  const [was, will] = await Promise.all([
    engine.compile(
      before && modelAndAdapterOf(before) === modelAndAdapterOf(edited)
        ? [before, ...group]
        : group.length
          ? group
          : [{ ...edited, isEnabled: false }],
    ),
    engine.compile([edited, ...group]),
  ]);
  const fields = will.requestFields();
  const resources = union(before?.resources ?? [], edited.resources);
  const actions = union(before?.actions ?? [], edited.actions);
  const domains = fields.includes('dom') ? union(before?.domains ?? [], edited.domains) : [''];
  const gained: AccessChange[] = [];
  const lost: AccessChange[] = [];
  for (const user of users) {
    for (const domain of domains) {
      for (const resource of resources) {
        for (const action of actions) {
          const values: Record<string, string> = { sub: user, dom: domain, obj: resource, act: action };
          const request = fields.map((f) => values[f] ?? '');
          const a = was.enforce(request);
          const b = will.enforce(request);
          if (a === b) continue;
          (b ? gained : lost).push({ user, domain, resource, action });
        }
      }
    }
  }
  return {
    checked: users.length,
    gained,
    lost,
    gainedUsers: new Set(gained.map((c) => c.user)).size,
    lostUsers: new Set(lost.map((c) => c.user)).size,
  };
}
