import { IMPLEMENTED_PROVIDER_TYPES } from '@gatehouse/entities/plain';
import { textOf as text } from '../data/text';

/**
 * The identity providers a sign-in page offers (from the application's provider rows): the
 * application's rows that may sign in (canSignIn) whose provider is an OAuth, Web3 or SAML provider
 * of a type this release signs in with. get-app-login answers each row with its provider (name,
 * type, logo).
 */
export interface SigninProvider {
  /** The provider's name (the row's). */
  name: string;
  displayName: string;
  /** The provider's owner (its organization, or admin for a shared one; get-saml-login names owner/name). */
  owner: string;
  /**
   * OAuth (the browser visits the provider), Web3 (a wallet signs; components/web3-signin.ts) or
   * SAML (the browser takes an AuthnRequest to the identity provider; components/saml-signin.ts).
   */
  category: 'OAuth' | 'Web3' | 'SAML';
  type: string;
  /** The provider's own logo (customLogo), '' for the type's icon. */
  logo: string;
}

const SIGNIN_TYPES: Record<SigninProvider['category'], readonly string[]> = {
  OAuth: IMPLEMENTED_PROVIDER_TYPES.OAuth,
  Web3: IMPLEMENTED_PROVIDER_TYPES.Web3,
  SAML: IMPLEMENTED_PROVIDER_TYPES.SAML,
};

/** A row's provider when it is an OAuth, Web3 or SAML provider this release signs in with; null otherwise. */
export function signinProviderOf(row: unknown): SigninProvider | null {
  if (!row || typeof row !== 'object') return null;
  const { name, provider } = row as { name?: unknown; provider?: unknown };
  if (!provider || typeof provider !== 'object') return null;
  const p = provider as Record<string, unknown>;
  const category = p.category === 'OAuth' || p.category === 'Web3' || p.category === 'SAML' ? p.category : null;
  if (!category || !SIGNIN_TYPES[category].includes(text(p.type))) return null;
  return {
    name: text(name),
    displayName: text(p.displayName) || text(name),
    owner: text(p.owner),
    category,
    type: text(p.type),
    logo: text(p.customLogo),
  };
}

/** The providers of the sign-in page's buttons, in the application's order. */
export function signinProviders(app: Record<string, unknown> | null | undefined): SigninProvider[] {
  const rows = Array.isArray(app?.providers) ? (app.providers as unknown[]) : [];
  return rows.flatMap((row) => {
    const provider = (row as { canSignIn?: unknown }).canSignIn === true ? signinProviderOf(row) : null;
    return provider ? [provider] : [];
  });
}

/**
 * The providers of the sign-up page's Providers item: the rows that may sign up (canSignUp), of
 * the kinds the sign-in page offers, in the application's order.
 */
export function signupProviders(app: Record<string, unknown> | null | undefined): SigninProvider[] {
  const rows = Array.isArray(app?.providers) ? (app.providers as unknown[]) : [];
  return rows.flatMap((row) => {
    const provider = (row as { canSignUp?: unknown }).canSignUp === true ? signinProviderOf(row) : null;
    return provider ? [provider] : [];
  });
}

/** The part of a state the callback page reads (the server checks its signature; see auth/provider-state.ts). */
export interface ProviderState {
  application: string;
  provider: string;
  method: string;
  type: string;
  query: Record<string, string>;
  body: Record<string, string>;
  redirectUri: string;
  from: string;
}

/** The flow a state carries, or null when it is not one of ours. */
export function readProviderState(state: string): ProviderState | null {
  const [payload] = state.split('.');
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const map = (value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
    return {
      application: text(parsed.application),
      provider: text(parsed.provider),
      method: text(parsed.method),
      type: text(parsed.type),
      query: map(parsed.query),
      body: map(parsed.body),
      redirectUri: text(parsed.redirectUri),
      from: text(parsed.from),
    };
  } catch {
    return null;
  }
}

/** A console path to go to (never another site); `fallback` otherwise. */
export function consolePathOr(path: string, fallback: string): string {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : fallback;
}
