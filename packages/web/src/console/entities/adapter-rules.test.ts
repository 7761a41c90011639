import { describe, expect, it } from 'vitest';
import { adapterFieldVisible, adapterValuesChange, isDrivable, portText, tableText } from './adapter-rules';

describe('adapter rules', () => {
  it('clears the connection settings when useSameDb is switched on', () => {
    expect(adapterValuesChange({ useSameDb: true })).toEqual({
      type: '',
      databaseType: '',
      host: '',
      port: 0,
      user: '',
      password: '',
      database: '',
    });
  });

  it('fills the defaults when useSameDb is switched off', () => {
    expect(adapterValuesChange({ useSameDb: false })).toMatchObject({
      type: 'Database',
      databaseType: 'mysql',
      host: 'localhost',
      port: 3306,
      user: 'root',
    });
    expect(adapterValuesChange({ table: 'x' })).toBeUndefined();
  });

  it('hides the connection fields while the adapter uses the same database', () => {
    expect(adapterFieldVisible('host', { useSameDb: true })).toBe(false);
    expect(adapterFieldVisible('table', { useSameDb: true })).toBe(true);
    expect(adapterFieldVisible('host', { useSameDb: false })).toBe(true);
  });

  it('shows an empty table as casbin_rule, the table it means (as in Casdoor)', () => {
    expect(tableText('')).toEqual({ text: 'casbin_rule', implied: true });
    expect(tableText(undefined)).toEqual({ text: 'casbin_rule', implied: true });
    expect(tableText('authz.policy-rules')).toEqual({ text: 'authz.policy-rules', implied: false });
  });

  it('knows the types the server drives and shows a port of 0 as blank', () => {
    expect(isDrivable('postgres')).toBe(true);
    expect(isDrivable('oracle')).toBe(false);
    expect(portText(0)).toBe('');
    expect(portText(5432)).toBe('5432');
  });
});
