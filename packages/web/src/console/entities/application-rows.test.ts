import {
  defaultSigninItems,
  defaultSigninMethods,
  defaultSignupItems,
  SIGNIN_METHODS,
  type SignupItem,
  signinItem,
} from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { customItemName, signinItemRows, signinMethodRows, signupItemRows } from './application-rows';

const item = (name: string) => defaultSignupItems().find((i) => i.name === name) as SignupItem;

describe('sign-in method rows', () => {
  it('offer each method once, the row keeping its own', () => {
    const rows = defaultSigninMethods(); // Password, Verification code, WebAuthn, Face ID
    expect(signinMethodRows.nameOptions(rows[0]!, 0, rows)).toEqual(['Password', 'LDAP']);
    expect(signinMethodRows.newRow(rows)).toEqual({ name: 'LDAP', displayName: 'LDAP', rule: 'None' });
    expect(signinMethodRows.canAdd(rows)).toBe(true);
    expect(signinMethodRows.canAdd([...rows, signinMethodRows.newRow(rows)])).toBe(false);
    expect(SIGNIN_METHODS).toHaveLength(5);
  });

  it('offer the rules of the method and reset them with the name', () => {
    expect(signinMethodRows.ruleOptions({ name: 'Password', displayName: '', rule: '' })).toEqual([
      'All',
      'Non-LDAP',
      'Hide password',
    ]);
    expect(signinMethodRows.ruleOptions({ name: 'Verification code', displayName: '', rule: '' })).toEqual([
      'All',
      'Email only',
      'Phone only',
    ]);
    const previous = { name: 'WebAuthn' as const, displayName: 'WebAuthn', rule: 'None' };
    expect(signinMethodRows.onCellChange({ ...previous, name: 'Password' }, 'name', previous)).toEqual({
      name: 'Password',
      displayName: 'Password',
      rule: 'All',
    });
    // A display name of one's own survives a change of method.
    const named = { name: 'WebAuthn' as const, displayName: 'Passkey', rule: 'None' };
    expect(signinMethodRows.onCellChange({ ...named, name: 'LDAP' }, 'name', named).displayName).toBe('Passkey');
  });

  it('never delete the last method', () => {
    const rows = defaultSigninMethods();
    expect(signinMethodRows.undeletable(rows[0]!, 0, rows)).toBe(false);
    expect(signinMethodRows.undeletable(rows[0]!, 0, rows.slice(0, 1))).toBe(true);
  });
});

describe('sign-up item rows', () => {
  it('keep the Password item required and the Signup button item', () => {
    expect(signupItemRows.requiredDisabled(item('Password'))).toBe(true);
    expect(signupItemRows.requiredDisabled(item('Email'))).toBe(false);
    expect(signupItemRows.undeletable(item('Signup button'))).toBe(true);
    expect(signupItemRows.undeletable(item('Password'))).toBe(false);
  });

  it('give the ID item no visibility toggle', () => {
    expect(signupItemRows.visibilityAbsent(item('ID'))).toBe(true);
    expect(signupItemRows.visibilityAbsent(item('Email'))).toBe(false);
  });

  it('make a shown item required and a hidden one optional, except Password', () => {
    const phone = item('Phone');
    expect(signupItemRows.onCellChange({ ...phone, visible: true }, 'visible')).toMatchObject({ visible: true, required: true });
    const email = item('Email');
    expect(signupItemRows.onCellChange({ ...email, visible: false }, 'visible')).toMatchObject({
      visible: false,
      required: false,
    });
    const password = item('Password');
    expect(signupItemRows.onCellChange({ ...password, visible: false }, 'visible')).toMatchObject({ required: true });
  });

  it('offer the rules of each item', () => {
    expect(signupItemRows.ruleOptions(item('ID'))).toEqual(['Random', 'Incremental']);
    expect(signupItemRows.ruleOptions(item('Display name'))).toEqual(['None', 'Real name', 'First, last']);
    expect(signupItemRows.ruleOptions(item('Agreement'))).toEqual(['None', 'Signin', 'Signin (Default True)']);
    expect(signupItemRows.ruleOptions(item('Providers'))).toEqual(['big', 'small']);
    expect(signupItemRows.ruleOptions(item('Username'))).toEqual(['None']);
    expect(signupItemRows.ruleDisabled(item('Username'))).toBe(true);
    expect(signupItemRows.ruleDisabled(item('Email'))).toBe(false);
    const renamed = signupItemRows.onCellChange({ ...item('Username'), name: 'Email' }, 'name');
    expect(renamed.rule).toBe('Normal');
  });

  it('add an unused item, visible and required, and offer choices only to choice types', () => {
    const rows = defaultSignupItems();
    const added = signupItemRows.newRow(rows);
    expect(rows.map((r) => r.name)).not.toContain(added.name);
    expect(added).toMatchObject({ visible: true, required: true, type: 'Input' });
    expect(signupItemRows.optionsDisabled(added)).toBe(true);
    expect(signupItemRows.optionsDisabled({ ...added, type: 'Single Choice' })).toBe(false);
    expect(signupItemRows.nameOptions(rows[0]!, 0, rows)).toContain('ID');
    expect(signupItemRows.nameOptions(rows[0]!, 0, rows)).not.toContain('Username');
  });
});

describe('sign-in item rows', () => {
  it('add custom items once every built-in one is listed', () => {
    const rows = defaultSigninItems();
    expect(signinItemRows.newRow(rows)).toMatchObject({ name: 'Text 1', isCustom: true, visible: true });
    expect(signinItemRows.nameKind({ ...rows[0]!, isCustom: true })).toBe('text');
    expect(signinItemRows.newRow(rows.slice(1))).toMatchObject({ name: rows[0]!.name, isCustom: false });
  });

  it('names custom items "Text <n>" with the first n no row uses, shown, their HTML to write', () => {
    const rows = defaultSigninItems();
    const first = signinItemRows.customRow(rows);
    expect(first).toEqual(signinItem('Text 1', { isCustom: true, rule: 'None' }));
    expect(first).toMatchObject({ visible: true, customCss: '', isCustom: true });
    const two = [...rows, first, signinItemRows.customRow([...rows, first])];
    expect(two.slice(-2).map((row) => row.name)).toEqual(['Text 1', 'Text 2']);
    // A deleted one's name is free again; a row renamed away from it leaves it free too.
    expect(customItemName([{ name: 'Text 2' }])).toBe('Text 1');
    expect(customItemName([{ name: 'Text 1' }, { name: 'Text 3' }])).toBe('Text 2');
    // Custom items edit their HTML in the multi-line editor, not in the Custom CSS cell.
    expect(signinItemRows.customCssAbsent(first)).toBe(true);
    expect(signinItemRows.customCssAbsent(rows[0]!)).toBe(false);
    expect(signinItemRows.ruleAbsent(first)).toBe(true);
  });

  it('offers the Languages item its None and Label rules', () => {
    const languages = signinItem('Languages');
    expect(languages.rule).toBe('None');
    expect(signinItemRows.ruleOptions(languages)).toEqual(['None', 'Label']);
    expect(signinItemRows.ruleAbsent(languages)).toBe(false);
    expect(signinItemRows.onCellChange({ ...languages, rule: 'Label' }, 'rule', languages, []).rule).toBe('Label');
  });

  it('offers each sign-in item its own rule choices, and a renamed item takes its first one', () => {
    const item = (name: string, rule = 'None') => signinItem(name, { rule });
    expect(signinItemRows.ruleOptions(item('Providers'))).toEqual(['big', 'small']);
    expect(signinItemRows.ruleOptions(item('Forgot password?'))).toEqual(['None', 'Auto sign in - False']);
    expect(signinItemRows.ruleAbsent(item('Username'))).toBe(true);
    expect(signinItemRows.ruleAbsent({ ...item('Captcha'), isCustom: true })).toBe(true);
    const renamed = signinItemRows.onCellChange(item('Captcha', 'pop up'), 'name', item('Username'), []);
    expect(renamed.rule).toBe('pop up');
    expect(signinItemRows.onCellChange({ ...item('Languages'), rule: 'big' }, 'name', item('Providers', 'big'), []).rule).toBe(
      'None',
    );
    expect(signinItemRows.onCellChange(item('Username', 'None'), 'label', item('Username'), []).rule).toBe('None');
    expect(signinItemRows.newRow([]).rule).toBe('None');
  });
});
