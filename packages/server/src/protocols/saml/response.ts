import { randomUUID } from 'node:crypto';
import type { Application, ReleasedUser, SamlAttribute } from '@gatehouse/entities';
import { type SigningKey, signEnveloped } from '../../integrations/saml/signing.js';
import {
  AC_PASSWORD_PROTECTED_TRANSPORT,
  ATTRNAME_FORMAT_BASIC,
  CM_BEARER,
  NS,
  STATUS_SUCCESS,
} from '../../integrations/saml/urns.js';
import { C14N_10, EXC_C14N, el, serialize, type XmlElement } from '../../integrations/saml/xml.js';
import { nameIdOf } from './name-id.js';
import type { SamlAuthnRequest } from './request.js';

/** How long an assertion may be used after it was issued. */
const ASSERTION_LIFETIME_MS = 5 * 60 * 1000;
/** NotBefore lies this far back, for service providers whose clocks run a little behind. */
const CLOCK_SKEW_MS = 60 * 1000;

/** "2024-01-01T00:00:00Z": xs:dateTime in UTC without fractions, as most SPs expect. */
function instant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Values of a SAML attribute row (Casdoor's placeholders): "$user.roles", "$user.permissions" and
 * "$user.groups" make one value per item (none when the list is empty), then "$user.owner",
 * "$user.name", "$user.email", "$user.id", "$user.phone" (and our "$user.displayName",
 * "$user.firstName", "$user.lastName") are replaced wherever they appear.
 */
export function attributeValues(template: string, user: ReleasedUser): string[] {
  const lists: Record<string, string[]> = {
    '$user.roles': user.roles.map((role) => role.name),
    '$user.permissions': user.permissions.map((permission) => permission.name),
    '$user.groups': user.groups,
  };
  let values = [template];
  for (const [placeholder, items] of Object.entries(lists)) {
    if (template.includes(placeholder)) values = values.flatMap((v) => items.map((item) => v.replaceAll(placeholder, item)));
  }
  const fields = ['owner', 'name', 'email', 'id', 'phone', 'displayName', 'firstName', 'lastName'] as const;
  for (const field of fields) values = values.map((v) => v.replaceAll(`$user.${field}`, user[field]));
  return values;
}

function attribute(name: string, nameFormat: string, values: string[]): XmlElement {
  return el(
    'saml:Attribute',
    { Name: name, NameFormat: nameFormat || undefined },
    values.map((v) => el('saml:AttributeValue', { 'xsi:type': 'xs:string' }, [v])),
  );
}

/** Casdoor's three attributes, then the application's rows. */
function attributeStatement(app: Application, user: ReleasedUser): XmlElement {
  const rows = (app.samlAttributes as SamlAttribute[]).filter((row) => row.name.trim() !== '');
  return el('saml:AttributeStatement', {}, [
    attribute('Email', ATTRNAME_FORMAT_BASIC, [user.email]),
    attribute('Name', ATTRNAME_FORMAT_BASIC, [user.name]),
    attribute('DisplayName', ATTRNAME_FORMAT_BASIC, [user.displayName]),
    ...rows.map((row) => attribute(row.name, row.nameFormat, attributeValues(row.value, user))),
  ]);
}

export interface ResponseInput {
  app: Application;
  /** What the service provider may learn of the user (the allow-list of entities/released-user.ts). */
  user: ReleasedUser;
  /** Our entity ID (the origin). */
  issuer: string;
  /**
   * The request answered. nameIdFormat may be left out, as with no NameIDPolicy (the SP suites
   * build responses this way to stand in for another IdP).
   */
  request: Omit<SamlAuthnRequest, 'nameIdFormat' | 'nameIdAllowCreate'> & Partial<Pick<SamlAuthnRequest, 'nameIdFormat'>>;
  key: SigningKey;
  now?: number;
}

/**
 * The SAML Response for a signed-in user: a signed Assertion (NameID in the format the SP asked
 * for, name-id.ts; bearer subject confirmation for the ACS URL, audience = the SP's entity ID,
 * five minutes) inside a signed Response. Canonicalization is exclusive C14N, or C14N 1.0 with
 * enableSamlC14n10.
 */
export function buildSamlResponse({ app, user, issuer, request, key, now = Date.now() }: ResponseInput): string {
  const nameId = nameIdOf(app, user, { issuer: request.issuer, nameIdFormat: request.nameIdFormat ?? '' }, issuer);
  const notOnOrAfter = instant(now + ASSERTION_LIFETIME_MS);
  const assertionIssuer = el('saml:Issuer', {}, [issuer]);
  const assertion = el(
    'saml:Assertion',
    {
      'xmlns:saml': NS.assertion,
      'xmlns:xs': NS.xs,
      'xmlns:xsi': NS.xsi,
      ID: `_${randomUUID()}`,
      Version: '2.0',
      IssueInstant: instant(now),
    },
    [
      assertionIssuer,
      el('saml:Subject', {}, [
        el(
          'saml:NameID',
          { Format: nameId.format, NameQualifier: nameId.nameQualifier, SPNameQualifier: nameId.spNameQualifier },
          [nameId.value],
        ),
        el('saml:SubjectConfirmation', { Method: CM_BEARER }, [
          el('saml:SubjectConfirmationData', {
            InResponseTo: request.id || undefined,
            NotOnOrAfter: notOnOrAfter,
            Recipient: request.acsUrl,
          }),
        ]),
      ]),
      el('saml:Conditions', { NotBefore: instant(now - CLOCK_SKEW_MS), NotOnOrAfter: notOnOrAfter }, [
        el('saml:AudienceRestriction', {}, [el('saml:Audience', {}, [request.issuer])]),
      ]),
      el('saml:AuthnStatement', { AuthnInstant: instant(now), SessionIndex: `_${randomUUID()}` }, [
        el('saml:AuthnContext', {}, [el('saml:AuthnContextClassRef', {}, [AC_PASSWORD_PROTECTED_TRANSPORT])]),
      ]),
      attributeStatement(app, user),
    ],
  );
  const responseIssuer = el('saml:Issuer', {}, [issuer]);
  const response = el(
    'samlp:Response',
    {
      'xmlns:samlp': NS.protocol,
      'xmlns:saml': NS.assertion,
      // Also declared here (besides on the assertion) so that both signatures' SignedInfo have the
      // same namespaces in scope: under inclusive C14N (enableSamlC14n10), xml-crypto canonicalizes
      // every SignedInfo with the namespaces in scope at the document's first one.
      'xmlns:xs': NS.xs,
      'xmlns:xsi': NS.xsi,
      ID: `_${randomUUID()}`,
      Version: '2.0',
      IssueInstant: instant(now),
      Destination: request.acsUrl,
      InResponseTo: request.id || undefined,
    },
    [responseIssuer, el('samlp:Status', {}, [el('samlp:StatusCode', { Value: STATUS_SUCCESS })]), assertion],
  );
  const c14n = app.enableSamlC14n10 ? C14N_10 : EXC_C14N;
  // The assertion first: the response's signature then covers the assertion's.
  signEnveloped(response, assertion, assertionIssuer, key, c14n);
  signEnveloped(response, response, responseIssuer, key, c14n);
  return serialize(response);
}
