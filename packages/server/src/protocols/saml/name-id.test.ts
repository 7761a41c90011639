import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { NAMEID_FORMAT } from '../../integrations/saml/urns.js';
import { checkNameIdFormat, nameIdOf, SUPPORTED_NAMEID_FORMATS } from './name-id.js';

/** The NameID chosen for each format an SP may ask for, and the formats refused. */

const { unspecified: UNSPECIFIED, email: EMAIL, persistent: PERSISTENT, transient: TRANSIENT } = NAMEID_FORMAT;
const KERBEROS = 'urn:oasis:names:tc:SAML:2.0:nameid-format:kerberos';
const IDP = 'https://idp.example.com';
const SP = 'https://sp.example.com/saml/metadata';

const app = { owner: 'admin', name: 'wiki', useEmailAsSamlNameId: false };
const alice = { owner: 'built-in', id: '0f8e2a0c-6b1d-4f7e-9a53-1c2d3e4f5a6b', name: 'alice', email: 'alice@example.com' };
const noMail = { ...alice, id: '9b7c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4', name: 'no-mail', email: '' };

const asked = (nameIdFormat: string) => ({ issuer: SP, nameIdFormat });

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('nameIdOf', () => {
  it('sends the user name without a policy or with unspecified, as before', () => {
    for (const format of ['', UNSPECIFIED]) {
      expect(nameIdOf(app, alice, asked(format), IDP)).toEqual({ value: 'alice', format: UNSPECIFIED });
    }
  });

  it('sends the e-mail address then with useEmailAsSamlNameId, and refuses users without one', () => {
    const byEmail = { ...app, useEmailAsSamlNameId: true };
    for (const format of ['', UNSPECIFIED]) {
      expect(nameIdOf(byEmail, alice, asked(format), IDP)).toEqual({ value: 'alice@example.com', format: EMAIL });
      expect(refusal(() => nameIdOf(byEmail, noMail, asked(format), IDP)).key).toBe('samlUserNoEmail');
    }
  });

  it('sends the e-mail address for emailAddress, whatever the application sends otherwise', () => {
    expect(nameIdOf(app, alice, asked(EMAIL), IDP)).toEqual({ value: 'alice@example.com', format: EMAIL });
    expect(refusal(() => nameIdOf(app, noMail, asked(EMAIL), IDP)).key).toBe('samlNameIdEmailMissing');
  });

  it('sends a persistent identifier qualified by both entity IDs', () => {
    const nameId = nameIdOf(app, alice, asked(PERSISTENT), IDP);
    expect(nameId).toEqual({
      // base64url(SHA-256("admin/wiki\nbuilt-in/<id>")): pinned, since SPs keep it as the account's key.
      value: 'MRvixmcb0O3lc-g7PJXsxDfWDbqFpvX-LQlWZgJU3eM',
      format: PERSISTENT,
      nameQualifier: IDP,
      spNameQualifier: SP,
    });
    // Neither the name nor the e-mail address shows through.
    expect(nameId.value).not.toContain('alice');
    expect(nameId.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the persistent identifier of a user at an application, and another for every other pair', () => {
    const of = (a: typeof app, u: typeof alice) => nameIdOf(a, u, asked(PERSISTENT), IDP).value;
    const value = of(app, alice);
    expect(of(app, alice)).toBe(value);
    // Stable through changes of the user's name and address, and of the application's options.
    expect(of({ ...app, useEmailAsSamlNameId: true }, { ...alice, name: 'alice2', email: 'a2@example.com' })).toBe(value);
    const others = [
      of({ ...app, name: 'crm' }, alice),
      of({ ...app, owner: 'north' }, alice),
      of(app, noMail),
      of(app, { ...alice, owner: 'north' }),
    ];
    expect(new Set([value, ...others]).size).toBe(others.length + 1);
  });

  it('sends a fresh transient identifier each time', () => {
    const first = nameIdOf(app, alice, asked(TRANSIENT), IDP);
    const second = nameIdOf(app, alice, asked(TRANSIENT), IDP);
    expect(first.format).toBe(TRANSIENT);
    expect(first.value).toMatch(/^_[A-Za-z0-9_-]{27}$/);
    expect(second.value).not.toBe(first.value);
    expect(first.nameQualifier).toBeUndefined();
  });

  it('refuses a format it does not support', () => {
    const refused = refusal(() => nameIdOf(app, alice, asked(KERBEROS), IDP));
    expect(refused.key).toBe('samlNameIdFormatUnsupported');
    expect(refused.params).toEqual({ format: KERBEROS });
  });
});

describe('checkNameIdFormat', () => {
  it('accepts no format and the four supported ones', () => {
    expect(SUPPORTED_NAMEID_FORMATS).toEqual([EMAIL, UNSPECIFIED, PERSISTENT, TRANSIENT]);
    for (const format of ['', ...SUPPORTED_NAMEID_FORMATS]) expect(() => checkNameIdFormat(format)).not.toThrow();
  });

  it('refuses other formats, compared exactly as URIs', () => {
    for (const format of [
      KERBEROS,
      'urn:oasis:names:tc:SAML:2.0:nameid-format:encrypted',
      'urn:oasis:names:tc:SAML:2.0:nameid-format:emailAddress',
      EMAIL.toLowerCase(),
    ]) {
      const refused = refusal(() => checkNameIdFormat(format));
      expect(refused.key, format).toBe('samlNameIdFormatUnsupported');
      expect(refused.params).toEqual({ format });
    }
  });
});
