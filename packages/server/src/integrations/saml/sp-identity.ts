import type { Provider } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { IdpIdentity } from '../oauth/index.js';
import { checkSamlProvider, idpCertificate, spAddresses } from './sp-config.js';
import { claimAssertion } from './sp-replay.js';
import { type SamlAttribute, type VerifiedAssertion, verifySamlResponse } from './sp-response.js';
import { NAMEID_FORMAT } from './urns.js';

/**
 * Who signed in through a SAML provider: the response the browser brought back (sp-response.ts),
 * spent once (sp-replay.ts), as an identity of the provider. The identity's key is the NameID (as
 * Casdoor's); the profile comes from the usual attribute names of Gatehouse's own IdP, Casdoor,
 * Keycloak, Shibboleth (OIDs) and Azure AD / ADFS (claim URIs). An address the IdP asserts is not
 * counted as verified: SAML has no way to say so, and "link with e-mail" needs that promise.
 */

const ATTRIBUTES = {
  username: ['Name', 'username', 'uid', 'urn:oid:0.9.2342.19200300.100.1.1'],
  displayName: [
    'DisplayName',
    'displayName',
    'urn:oid:2.16.840.1.113730.3.1.241',
    'http://schemas.microsoft.com/identity/claims/displayname',
    'cn',
    'urn:oid:2.5.4.3',
  ],
  firstName: ['firstName', 'givenName', 'urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'],
  lastName: ['lastName', 'sn', 'surname', 'urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'],
  email: [
    'Email',
    'email',
    'mail',
    'emailAddress',
    'urn:oid:0.9.2342.19200300.100.1.3',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  ],
  avatarUrl: ['avatar', 'picture', 'avatarUrl'],
} as const;

/** The first value of the first attribute with one of `names` (by Name or FriendlyName, case-blind). */
function attributeValue(attributes: SamlAttribute[], names: readonly string[]): string {
  for (const name of names) {
    const wanted = name.toLowerCase();
    const found = attributes.find(
      (a) => (a.name.toLowerCase() === wanted || a.friendlyName.toLowerCase() === wanted) && a.values.length > 0,
    );
    if (found) return found.values[0] ?? '';
  }
  return '';
}

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** The identity an assertion describes. */
export function identityOfAssertion(assertion: VerifiedAssertion): IdpIdentity {
  const { attributes, nameId } = assertion;
  const username = attributeValue(attributes, ATTRIBUTES.username) || nameId;
  const fullName = [attributeValue(attributes, ATTRIBUTES.firstName), attributeValue(attributes, ATTRIBUTES.lastName)]
    .filter(Boolean)
    .join(' ');
  const emailNameId = assertion.nameIdFormat === NAMEID_FORMAT.email || looksLikeEmail(nameId) ? nameId : '';
  const email = attributeValue(attributes, ATTRIBUTES.email) || emailNameId;
  return {
    id: nameId,
    username,
    displayName: attributeValue(attributes, ATTRIBUTES.displayName) || fullName || username,
    email: looksLikeEmail(email) ? email : '',
    emailVerified: false,
    avatarUrl: attributeValue(attributes, ATTRIBUTES.avatarUrl),
  };
}

/**
 * The SAMLResponse of a sign-in through `provider`, checked against what the sign-in's state says
 * (the AuthnRequest's ID; the ACS and entity ID at the origin it came back to) and spent.
 */
export async function samlIdentity(
  server: ServerContext,
  provider: Provider,
  flow: { redirectUri: string; requestId?: string },
  samlResponse: string,
): Promise<IdpIdentity> {
  if (!samlResponse) throw new AppError('missingParameter', { name: 'samlResponse' });
  checkSamlProvider(provider);
  const { acsUrl, entityId } = spAddresses(new URL(flow.redirectUri).origin);
  const assertion = await verifySamlResponse(samlResponse, {
    provider: provider.displayName || provider.name,
    idpCertificate: idpCertificate(provider),
    idpEntityId: provider.issuerUrl.trim(),
    spEntityId: entityId,
    acsUrl,
    requestId: flow.requestId ?? '',
  });
  await claimAssertion(server.database, assertion);
  return identityOfAssertion(assertion);
}
