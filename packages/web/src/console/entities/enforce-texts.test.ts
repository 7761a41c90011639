import { SIMULATION_USERS, type Simulation } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../shared/i18n/i18n';
import en from '../../shared/i18n/locales/en.json';
import zh from '../../shared/i18n/locales/zh.json';
import { fill, lookup } from '../../shared/i18n/texts';
import { actionChoices, simulationSummary } from './enforce-texts';

const tOf =
  (catalogue: typeof en): TFunction =>
  (key, params) =>
    fill(lookup(catalogue, key) ?? key, typeof params === 'object' ? params : {});

const change = { user: 'acme/a', domain: '', resource: 'doc', action: 'Read' };
const result = (checked: number, gainedUsers: number, lostUsers: number): Simulation => ({
  checked,
  gained: gainedUsers ? [change] : [],
  lost: lostUsers ? [change] : [],
  gainedUsers,
  lostUsers,
});

describe('simulation summary', () => {
  it('says 1 user, not "the first 1 users"', () => {
    const t = tOf(en);
    expect(simulationSummary(t, result(1, 0, 0))).toBe('With this edit, no user would gain or lose access (1 user checked)');
    expect(simulationSummary(t, result(1, 0, 1))).toBe(
      'With this edit, no user would gain access and 1 user would lose access (1 user checked)',
    );
    expect(simulationSummary(t, result(3, 2, 1))).toBe(
      'With this edit, 2 users would gain access and 1 user would lose access (3 users checked)',
    );
    expect(simulationSummary(t, result(0, 0, 0))).toBe('With this edit, no user would gain or lose access (no user checked)');
  });

  it('says "the first" only when the organization has more users than a simulation tries', () => {
    expect(simulationSummary(tOf(en), result(SIMULATION_USERS, 5, 0))).toBe(
      `With this edit, 5 users would gain access and no user would lose access (the first ${SIMULATION_USERS} users checked)`,
    );
  });

  it('in Chinese, without plural forms', () => {
    const t = tOf(zh);
    expect(simulationSummary(t, result(1, 0, 1))).toBe(
      '保存此修改后，没有用户获得访问权限，1 个用户失去访问权限（已检查 1 个用户）',
    );
    expect(simulationSummary(t, result(3, 0, 0))).toBe('保存此修改后，没有用户获得或失去访问权限（已检查 3 个用户）');
    expect(simulationSummary(t, result(SIMULATION_USERS, 2, 0))).toBe(
      `保存此修改后，2 个用户获得访问权限，没有用户失去访问权限（已检查前 ${SIMULATION_USERS} 个用户）`,
    );
  });
});

describe('action choices', () => {
  it("puts the permission's own first and leaves out the rows' that differ only in case", () => {
    expect(actionChoices(['Read', 'Write'], ['read', 'admin', 'write'])).toEqual(['Read', 'Write', 'admin']);
    expect(actionChoices([], ['read', 'read'])).toEqual(['read']);
  });
});
