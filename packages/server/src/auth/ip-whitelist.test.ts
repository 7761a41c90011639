import { describe, expect, it } from 'vitest';
import { ipAllowed } from './ip-whitelist.js';

describe('IP whitelists', () => {
  it('allow every address when empty', () => {
    expect(ipAllowed('203.0.113.9', '')).toBe(true);
    expect(ipAllowed('203.0.113.9', ' , ')).toBe(true);
  });
  it('match addresses and CIDR ranges of both families, IPv4-mapped addresses as IPv4', () => {
    const list = '10.0.0.0/8, 192.168.1.7, 2001:db8::/32';
    expect(ipAllowed('10.200.3.4', list)).toBe(true);
    expect(ipAllowed('::ffff:10.200.3.4', list)).toBe(true);
    expect(ipAllowed('192.168.1.7', list)).toBe(true);
    expect(ipAllowed('192.168.1.8', list)).toBe(false);
    expect(ipAllowed('2001:db8:1::5', list)).toBe(true);
    expect(ipAllowed('2001:db9::5', list)).toBe(false);
    expect(ipAllowed('127.0.0.1', list)).toBe(false);
  });
});
