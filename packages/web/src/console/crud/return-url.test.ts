import { describe, expect, it } from 'vitest';
import { originsOf, safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  const console = 'https://id.example.com';
  const apps = ['https://app.example.com'];
  it('accepts console paths and addresses on the console or an application origin', () => {
    expect(safeReturnUrl('/apps', console, apps)).toBe('/apps');
    expect(safeReturnUrl('https://id.example.com/account', console, apps)).toBe('https://id.example.com/account');
    expect(safeReturnUrl('https://app.example.com/back?x=1', console, apps)).toBe('https://app.example.com/back?x=1');
  });
  it('refuses other sites, protocol-relative paths and scripts', () => {
    expect(safeReturnUrl('https://evil.example.net/', console, apps)).toBeNull();
    expect(safeReturnUrl('//evil.example.net/', console, apps)).toBeNull();
    expect(safeReturnUrl('/\\evil.example.net/', console, apps)).toBeNull();
    expect(safeReturnUrl('javascript:alert(1)', console, apps)).toBeNull();
    expect(safeReturnUrl(null, console, apps)).toBeNull();
  });
});

describe('originsOf', () => {
  it('keeps the origins of http(s) addresses only', () => {
    expect(
      originsOf(['https://a.example.com/cb', 'https://a.example.com/other', 'http://b.test:8080/x', '^https://.*', 3]),
    ).toEqual(['https://a.example.com', 'http://b.test:8080']);
  });
});
