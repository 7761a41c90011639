import {
  type AccountItem,
  BUILT_IN_ORG,
  isEncryptingObfuscator,
  obfuscatorProblem,
  randomObfuscatorKey,
} from '@gatehouse/entities';
import type { Rec } from '../../shared/data/client';
import { parseJson } from '../crud/json-value';
import { accountItemsFormProblem } from './account-item-rows';

/**
 * The organization form's rules, pure so that they are unit tested;
 * organization.edit.tsx binds them. The server enforces the ones that protect data.
 */

/**
 * Fields shown only in some states: the dark logo with its switch, the obfuscator key for the
 * types that encrypt, privilege consent on the built-in organization.
 */
export function organizationFieldVisible(field: string, values: Rec): boolean {
  switch (field) {
    case 'logoDark':
      return values.enableDarkLogo === true;
    case 'passwordObfuscatorKey':
      return isEncryptingObfuscator(values.passwordObfuscatorType);
    case 'hasPrivilegeConsent':
      return values.name === BUILT_IN_ORG;
    default:
      return true;
  }
}

/**
 * Turning the dark logo off clears its URL; choosing an obfuscator type sets a key of that type (a
 * random one for AES and DES, none for Plain).
 */
export function organizationValuesChange(changed: Rec): Rec | undefined {
  if (changed.enableDarkLogo === false) return { logoDark: '' };
  if ('passwordObfuscatorType' in changed)
    return { passwordObfuscatorKey: randomObfuscatorKey(String(changed.passwordObfuscatorType ?? '')) };
  return undefined;
}

/** The key must fit its type (the message names the pattern, as Casdoor's does). */
export function obfuscatorKeyProblem(value: unknown, values: Rec): string | null {
  const type = String(values.passwordObfuscatorType ?? '');
  const problem = obfuscatorProblem(type, typeof value === 'string' ? value : '');
  return problem?.key === 'passwordObfuscatorKeyMismatch' ? `organization.obfuscatorKey${type}` : null;
}

/** The account items table's value (JSON text in the form) must not hold a regex that does not compile. */
export function accountItemsProblem(value: unknown): string | null {
  const items = parseJson<AccountItem[]>(value, () => []);
  return Array.isArray(items) ? accountItemsFormProblem(items) : null;
}

/** A tag as the user's tag select shows it: its label on Chinese pages (when it has one), else its value. */
export function tagOption(tag: string, language: string): { value: string; label: string } {
  const [value = '', label = ''] = tag.split('|');
  return { value, label: language.startsWith('zh') && label ? label : value };
}
