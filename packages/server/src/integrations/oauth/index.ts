import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import type { Outbound } from '../http/outbound.js';
import { azureAd } from './azure-ad.js';
import { custom } from './custom.js';
import { github } from './github.js';
import { google } from './google.js';
import { providerLabel } from './oauth-http.js';
import type { IdpIdentity, IdpModule, IdpOptions } from './types.js';

export type { IdpIdentity, IdpModule, IdpOptions, IdpToken } from './types.js';

/** The OAuth provider types this release signs in with, by type (Casdoor's names). */
const MODULES: Record<string, IdpModule> = {
  GitHub: github,
  Google: google,
  AzureAD: azureAd,
  Custom: custom,
};

export const OAUTH_TYPES_SUPPORTED: readonly string[] = Object.keys(MODULES);

/** The module of an OAuth provider, or the refusal naming its type. */
export function idpModuleOf(provider: Provider): IdpModule {
  const module = provider.category === 'OAuth' ? MODULES[provider.type] : undefined;
  if (!module) throw new AppError('providerTypeUnsupported', { category: provider.category, type: provider.type });
  return module;
}

/**
 * The code the browser brought back, exchanged and read: who signed in. The provider's `emailRegex`
 * (when set) must match the address, as Casdoor checks it.
 */
export async function identityFromCode(
  outbound: Outbound,
  provider: Provider,
  input: { code: string; redirectUri: string },
  options: IdpOptions = {},
): Promise<IdpIdentity> {
  const module = idpModuleOf(provider);
  if (!input.code) throw new AppError('missingParameter', { name: 'code' });
  const token = await module.exchangeCode(outbound, provider, input, options);
  const identity = await module.userInfo(outbound, provider, token, options);
  if (!identity.id) throw new AppError('idpNoUserId', { provider: providerLabel(provider), path: 'id' });
  if (provider.emailRegex.trim()) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(provider.emailRegex.trim());
    } catch {
      throw new AppError('providerFieldInvalid', {
        field: 'emailRegex',
        value: provider.emailRegex,
        detail: 'a regular expression',
      });
    }
    if (!pattern.test(identity.email)) throw new AppError('idpEmailNotAllowed', { email: identity.email || '""' });
  }
  return identity;
}
