import { ADMIN_OWNER, allows, application as applicationDef, type ConsentRecord, type Viewer } from '@gatehouse/entities';
import type { Rec } from '../../shared/data/client';
import { editPath } from '../crud/paths';

/**
 * Pure parts of the Consents block of a user's page: the user's `applicationScopes` (one record per
 * application it granted scopes to) as table rows, the revoke-consent body, and where an
 * application's name links to. Unit tested without a browser.
 */

/** One application the user granted scopes to. */
export interface ConsentRow {
  /** The application's id as the grant keeps it (admin/<name>). */
  application: string;
  owner: string;
  name: string;
  scopes: string[];
}

function isConsentRecord(value: unknown): value is ConsentRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.application === 'string' &&
    record.application !== '' &&
    Array.isArray(record.grantedScopes) &&
    record.grantedScopes.every((s) => typeof s === 'string')
  );
}

/** The rows of the stored `applicationScopes`; anything that is not a consent record is left out. */
export function consentRows(applicationScopes: unknown): ConsentRow[] {
  if (!Array.isArray(applicationScopes)) return [];
  return applicationScopes.filter(isConsentRecord).map((record) => {
    const slash = record.application.indexOf('/');
    // Casdoor keys grants by application id; a bare name is an application of admin.
    const owner = slash < 0 ? ADMIN_OWNER : record.application.slice(0, slash);
    const name = slash < 0 ? record.application : record.application.slice(slash + 1);
    return { application: record.application, owner, name, scopes: [...new Set(record.grantedScopes)] };
  });
}

/**
 * POST /api/revoke-consent's body taking back everything granted to the row's application. It
 * names the user, so that an administrator revokes the grants of the user on the page rather than
 * their own.
 */
export function revokeBody(row: ConsentRow, user: Rec): { application: string; grantedScopes: string[]; user: string } {
  return { application: row.application, grantedScopes: row.scopes, user: `${String(user.owner)}/${String(user.name)}` };
}

/**
 * The console page of the consent's application when the viewer may see it there: its
 * administrators (anyone may read an application's public settings for signing in, but its page
 * is an administration screen). Null while unknown or when the application no longer exists.
 */
export function applicationPath(application: Rec | null | undefined, viewer: Viewer | null): string | null {
  if (!application || typeof application.name !== 'string') return null;
  const organization = typeof application.organization === 'string' ? application.organization : '';
  if (!allows(applicationDef.access.update, viewer, organization)) return null;
  return editPath(applicationDef, application);
}

/** What the application is called in the table: its display name, else its name. */
export function applicationLabel(row: ConsentRow, application: Rec | null | undefined): string {
  const displayName = application?.displayName;
  return typeof displayName === 'string' && displayName.trim() !== '' ? displayName : row.name;
}
