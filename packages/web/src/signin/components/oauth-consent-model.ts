import type { TFunction } from '../../shared/i18n/i18n';

/** OpenID Connect's scopes, described by the console's own texts (consent.scopes.<scope>). */
export const STANDARD_SCOPES = ['openid', 'profile', 'email', 'phone', 'address', 'offline_access'] as const;

export interface ScopeRow {
  scope: string;
  title: string;
  description: string;
}

/** Whether POST /api/login answered "consent needed" ({required: true}) rather than a code or token. */
export function isConsentRequired(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { required?: unknown }).required === true;
}

/** The scopes of a space-separated scope parameter, each once. */
export function scopesOf(scope: string): string[] {
  return [...new Set(scope.split(' ').filter((s) => s !== ''))];
}

/**
 * What the consent screen lists for each requested scope: the application's own display name and
 * description of its custom scopes (which may also redefine a standard one), the console's texts
 * for OpenID Connect's scopes, "Access to <scope>" otherwise.
 */
export function scopeRows(scope: string, customScopes: unknown, t: TFunction): ScopeRow[] {
  const custom = new Map<string, { displayName?: string; description?: string }>();
  if (Array.isArray(customScopes)) {
    for (const entry of customScopes) {
      if (entry && typeof entry === 'object' && typeof entry.scope === 'string') custom.set(entry.scope, entry);
    }
  }
  return scopesOf(scope).map((name) => {
    const own = custom.get(name);
    const standard = (STANDARD_SCOPES as readonly string[]).includes(name);
    const title = own?.displayName || (standard ? t(`consent.scopes.${name}.title`) : name);
    const description =
      own?.description || (standard ? t(`consent.scopes.${name}.description`) : t('consent.customScope', { scope: name }));
    return { scope: name, title, description };
  });
}

/** Casdoor's grant-consent body for an authorization request (the query the page forwards) granting every requested scope. */
export function grantBodyOf(app: Record<string, unknown>, query: Record<string, string>) {
  return {
    application: `${String(app.owner)}/${String(app.name)}`,
    grantedScopes: scopesOf(query.scope ?? ''),
    clientId: query.clientId ?? '',
    responseType: query.responseType || 'code',
    redirectUri: query.redirectUri ?? '',
    scope: query.scope ?? '',
    state: query.state ?? '',
    nonce: query.nonce ?? '',
    challenge: query.code_challenge ?? '',
    prompt: query.prompt ?? '',
    maxAge: query.max_age ?? '',
  };
}
