import { createHash, randomBytes } from 'node:crypto';
import type { Application, User } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { NAMEID_FORMAT } from '../../integrations/saml/urns.js';

/** The NameID formats this IdP can send: what its metadata advertises and what an SP may ask for. */
export const SUPPORTED_NAMEID_FORMATS: readonly string[] = [
  NAMEID_FORMAT.email,
  NAMEID_FORMAT.unspecified,
  NAMEID_FORMAT.persistent,
  NAMEID_FORMAT.transient,
];

/**
 * Refuses a NameIDPolicy Format this IdP cannot send (SAML core §3.4.1.1 says InvalidNameIDPolicy).
 * Like every other refusal of an AuthnRequest it is shown to the user rather than sent to the SP,
 * and it comes before the sign-in, not after the password. '' means the SP asked for no format.
 */
export function checkNameIdFormat(format: string): void {
  if (format && !SUPPORTED_NAMEID_FORMATS.includes(format)) throw new AppError('samlNameIdFormatUnsupported', { format });
}

/** A Subject's NameID: its value and the attributes that qualify it. */
export interface NameId {
  value: string;
  format: string;
  nameQualifier?: string;
  spNameQualifier?: string;
}

/** What of an AuthnRequest decides the NameID. */
export interface NameIdRequest {
  /** The SP's entity ID. */
  issuer: string;
  /** NameIDPolicy's Format, '' when the SP asked for none. */
  nameIdFormat: string;
}

/**
 * A persistent NameID: one per user and application, so that two service providers cannot tell
 * they share a user by comparing identifiers. Derived rather than stored, so nothing has to be
 * created or kept; from the user's id (a random UUID) rather than the name, so that renaming the
 * user keeps it. Renaming the application changes it, as it would any application's pairwise id.
 */
function persistentIdOf(app: Pick<Application, 'owner' | 'name'>, user: Pick<User, 'owner' | 'id'>): string {
  return createHash('sha256').update(`${app.owner}/${app.name}\n${user.owner}/${user.id}`).digest('base64url');
}

/**
 * The NameID for `user` at `app`, in the format the SP asked for. Without a policy (or with
 * unspecified) it is what this IdP always sent: the e-mail with useEmailAsSamlNameId, else the
 * user name. Format always states what is sent.
 */
export function nameIdOf(
  app: Pick<Application, 'owner' | 'name' | 'useEmailAsSamlNameId'>,
  user: Pick<User, 'owner' | 'id' | 'name' | 'email'>,
  request: NameIdRequest,
  issuer: string,
): NameId {
  switch (request.nameIdFormat) {
    case '':
    case NAMEID_FORMAT.unspecified:
      if (!app.useEmailAsSamlNameId) return { value: user.name, format: NAMEID_FORMAT.unspecified };
      if (!user.email) throw new AppError('samlUserNoEmail');
      return { value: user.email, format: NAMEID_FORMAT.email };
    case NAMEID_FORMAT.email:
      if (!user.email) throw new AppError('samlNameIdEmailMissing');
      return { value: user.email, format: NAMEID_FORMAT.email };
    case NAMEID_FORMAT.persistent:
      return {
        value: persistentIdOf(app, user),
        format: NAMEID_FORMAT.persistent,
        nameQualifier: issuer,
        spNameQualifier: request.issuer,
      };
    case NAMEID_FORMAT.transient:
      // The leading "_": base64url may begin with a digit or "-", which SPs that keep the value
      // where an xs:ID goes (as SAML's own IDs, which begin with "_" here too) would refuse.
      return { value: `_${randomBytes(20).toString('base64url')}`, format: NAMEID_FORMAT.transient };
    default:
      throw new AppError('samlNameIdFormatUnsupported', { format: request.nameIdFormat });
  }
}
