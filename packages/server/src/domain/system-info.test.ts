import { describe, expect, it } from 'vitest';
import { parseDescribe, usageBetween, versionFrom } from './system-info.js';

describe('version info', () => {
  it('reads the tag and how many commits the checkout is past it', () => {
    expect(parseDescribe('v1.2.0-3-gabc1234')).toEqual({ version: 'v1.2.0', commitOffset: 3 });
    expect(parseDescribe('v1.2.0-rc-1-0-gdeadbee\n')).toEqual({ version: 'v1.2.0-rc-1', commitOffset: 0 });
    expect(parseDescribe('abc1234')).toBeNull();
  });

  it('prefers the git tag, then the package version, else an empty version (Unknown version)', () => {
    expect(versionFrom('v1.2.0-4-gabc1234', 'abc1234ff', '0.1.0')).toEqual({
      version: 'v1.2.0',
      commitId: 'abc1234ff',
      commitOffset: 4,
    });
    expect(versionFrom(null, 'abc1234ff', '0.1.0')).toEqual({ version: '0.1.0', commitId: 'abc1234ff', commitOffset: 0 });
    expect(versionFrom(null, null, null)).toEqual({ version: '', commitId: '', commitOffset: 0 });
  });
});

describe('CPU usage', () => {
  it('is the busy share of each core between two samples, in percent', () => {
    const before = [
      { busy: 100, total: 1000 },
      { busy: 0, total: 1000 },
    ];
    const after = [
      { busy: 150, total: 1200 },
      { busy: 0, total: 1000 },
    ];
    expect(usageBetween(before, after)).toEqual([25, 0]);
  });
});
