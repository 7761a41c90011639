import { describe, expect, it } from 'vitest';
import { hasDomainDefinition, hasRoleDefinition } from './permission.js';

describe('what a permission’s model allows', () => {
  const rbacWithDomains = '[request_definition]\nr = sub, dom, obj, act\n\n[role_definition]\ng = _, _, _\n';
  it('offers roles only with a role definition', () => {
    expect(hasRoleDefinition(rbacWithDomains)).toBe(true);
    expect(hasRoleDefinition('[request_definition]\nr = sub, obj, act\n')).toBe(false);
    expect(hasRoleDefinition(null)).toBe(false);
  });

  it('offers domains only with a dom field in the request definition', () => {
    expect(hasDomainDefinition(rbacWithDomains)).toBe(true);
    expect(hasDomainDefinition('[request_definition]\nr = sub, domain, obj\n')).toBe(false);
    expect(hasDomainDefinition('[policy_definition]\np = sub, dom, obj\n')).toBe(false);
    expect(hasDomainDefinition('')).toBe(false);
  });
});
