import { describe, expect, it } from 'vitest';
import { casAppLoginQuery, casFlag, casLoginPath, casLoginQuery, casRequest } from './cas-request';

const SERVICE = 'https://app.example/cas?back=%2Fhome';

describe('CAS page parameters', () => {
  it('read flags as the server does: present and not "false"', () => {
    expect(casFlag(null)).toBe(false);
    expect(casFlag('')).toBe(false);
    expect(casFlag('false')).toBe(false);
    expect(casFlag('FALSE')).toBe(false);
    expect(casFlag('true')).toBe(true);
    expect(casFlag('1')).toBe(true);
  });

  it('keep the service exactly and ignore gateway with renew or without a service', () => {
    const search = new URLSearchParams({ service: SERVICE, gateway: 'true' });
    expect(casRequest('org', 'app', search)).toEqual({
      organization: 'org',
      application: 'app',
      service: SERVICE,
      renew: false,
      gateway: true,
    });
    expect(casRequest('org', 'app', new URLSearchParams({ service: SERVICE, gateway: 'true', renew: 'true' }))).toMatchObject({
      renew: true,
      gateway: false,
    });
    expect(casRequest('org', 'app', new URLSearchParams({ gateway: 'true' })).gateway).toBe(false);
  });

  it('build the calls of the pages', () => {
    const request = casRequest('org', 'app', new URLSearchParams({ service: SERVICE, renew: 'true' }));
    expect(casAppLoginQuery(request)).toEqual({ type: 'cas', id: 'admin/app', organization: 'org', service: SERVICE });
    expect(casLoginQuery(request)).toEqual({ service: SERVICE, renew: 'true' });
    const bare = casRequest('org', 'app', new URLSearchParams());
    expect(casAppLoginQuery(bare)).toEqual({ type: 'cas', id: 'admin/app', organization: 'org' });
    expect(casLoginQuery(bare)).toEqual({});
  });

  it('link back to the sign-in page of the application', () => {
    expect(casLoginPath({ organization: 'org', application: 'app', service: '' })).toBe('/cas/org/app/login');
    expect(casLoginPath({ organization: 'org', application: 'my app', service: SERVICE })).toBe(
      `/cas/org/my%20app/login?service=${encodeURIComponent(SERVICE)}`,
    );
  });
});
