import { describe, expect, it } from 'vitest';
import { type MfaItem, type MfaProps, mfaItemsProblem, preferredMfaProps, requiredMfaType, unmetMfaItems } from './mfa.js';
import { user } from './user.js';

const method = (mfaType: string, enabled: boolean, isPreferred = false): MfaProps => ({
  mfaType,
  enabled,
  isPreferred,
  mfaRememberInHours: 0,
});

describe('MFA items', () => {
  it('allow each method once and one Required at most', () => {
    expect(
      mfaItemsProblem([
        { name: 'app', rule: 'Required' },
        { name: 'sms', rule: 'Prompted' },
        { name: 'email', rule: 'Optional' },
      ]),
    ).toBeNull();
    expect(mfaItemsProblem([])).toBeNull();
    expect(
      mfaItemsProblem([
        { name: 'app', rule: 'Required' },
        { name: 'email', rule: 'Required' },
      ]),
    ).toEqual({ key: 'mfaItemsOneRequired', params: {} });
    expect(
      mfaItemsProblem([
        { name: 'sms', rule: 'Optional' },
        { name: 'sms', rule: 'Optional' },
      ]),
    ).toEqual({ key: 'mfaItemsDuplicate', params: { name: 'sms' } });
  });

  it("are met by the user's enabled methods; the first unmet Required one is asked for", () => {
    const items: MfaItem[] = [
      { name: 'email', rule: 'Prompted' },
      { name: 'app', rule: 'Required' },
      { name: 'sms', rule: 'Prompted' },
    ];
    const none = [method('sms', false), method('email', false), method('app', false)];
    expect(requiredMfaType(items, none)).toBe('app');
    expect(unmetMfaItems(items, none, ['Prompted']).map((item) => item.name)).toEqual(['email', 'sms']);
    const withApp = [method('sms', false), method('email', true), method('app', true)];
    expect(requiredMfaType(items, withApp)).toBeUndefined();
    expect(unmetMfaItems(items, withApp, ['Prompted', 'Required'])).toEqual([{ name: 'sms', rule: 'Prompted' }]);
    expect(requiredMfaType([], none)).toBeUndefined();
  });

  it('offer the preferred method first, else the first', () => {
    expect(preferredMfaProps([method('sms', true), method('app', true, true)])?.mfaType).toBe('app');
    expect(preferredMfaProps([method('email', true), method('app', true)])?.mfaType).toBe('email');
    expect(preferredMfaProps([])).toBeUndefined();
  });
});

describe('the need-update-password flag', () => {
  const editable = user.fields.needUpdatePassword.editable;
  const admin = { owner: 'acme', name: 'boss', level: 'orgAdmin' } as const;
  const member = { owner: 'acme', name: 'worker', level: 'user' } as const;
  const bare = { owner: 'acme', name: 'worker', email: '', phone: '', preferredMfaType: '', needUpdatePassword: false };

  it('is set by administrators for users who can prove who they are (an address or MFA), and cleared always', () => {
    expect(editable?.({ viewer: admin, record: bare })).toBe(false);
    expect(editable?.({ viewer: admin, record: bare, next: { ...bare, needUpdatePassword: true } })).toBe(false);
    expect(editable?.({ viewer: admin, record: bare, next: { ...bare, email: 'w@acme.test', needUpdatePassword: true } })).toBe(
      true,
    );
    expect(editable?.({ viewer: admin, record: { ...bare, phone: '2025550123' } })).toBe(true);
    expect(editable?.({ viewer: admin, record: { ...bare, preferredMfaType: 'app' } })).toBe(true);
    expect(editable?.({ viewer: admin, record: { ...bare, needUpdatePassword: true } })).toBe(true);
    expect(editable?.({ viewer: member, record: { ...bare, email: 'w@acme.test' } })).toBe(false);
  });
});
