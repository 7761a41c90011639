import { describe, expect, it } from 'vitest';
import { validateSchema } from './schema.js';

const request = (attributes = 'Version="2.0"', body = '<saml:Issuer>sp</saml:Issuer>') =>
  `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a1" ${attributes} IssueInstant="2026-11-27T10:00:00Z" AssertionConsumerServiceURL="https://sp.example/acs">${body}</samlp:AuthnRequest>`;

describe('SAML schema validation', () => {
  it('accepts a schema-valid AuthnRequest, with the imported assertion schema', async () => {
    expect(await validateSchema(request())).toEqual({ ok: true });
    expect(
      await validateSchema(
        request(
          'Version="2.0"',
          '<saml:Issuer>sp</saml:Issuer><samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified" AllowCreate="true"/>',
        ),
      ),
    ).toEqual({ ok: true });
  });

  it("names libxml2's first error", async () => {
    expect(await validateSchema(request(''))).toEqual({
      ok: false,
      detail: "Element '{urn:oasis:names:tc:SAML:2.0:protocol}AuthnRequest': The attribute 'Version' is required but missing.",
    });
    const misplaced = await validateSchema(request('Version="2.0"', '<samlp:Extensions/><saml:Issuer>sp</saml:Issuer>'));
    expect(misplaced.ok).toBe(false);
  });

  it('refuses what is not XML, and reads no external entity', async () => {
    expect(await validateSchema('not xml')).toEqual({ ok: false, detail: "Start tag expected, '<' not found" });
    const external = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${request('Version="2.0"', '<saml:Issuer>&x;</saml:Issuer>')}`;
    const result = await validateSchema(external);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('root:');
  });

  it('validates message after message with the one compiled schema', async () => {
    for (let i = 0; i < 200; i++) expect((await validateSchema(request())).ok).toBe(true);
  });
});
