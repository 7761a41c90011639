import { describe, expect, it } from 'vitest';
import { samlAppLoginQuery, samlDelivery, samlRequestOf } from './saml-request';

const DEFLATED = 'fZBNa8Mw+/9=';

describe('SAML page parameters', () => {
  it('read what the SSO endpoint sends: samlRequest and relayState, forceAuthn', () => {
    const search = `?${new URLSearchParams({ samlRequest: DEFLATED, relayState: 'back to /x?y=1', forceAuthn: 'true' })}`;
    const request = samlRequestOf('admin', 'app', search);
    expect(request).toEqual({
      owner: 'admin',
      application: 'app',
      params: { samlRequest: DEFLATED, relayState: 'back to /x?y=1' },
      forceAuthn: true,
    });
    expect(samlAppLoginQuery(request)).toEqual({
      type: 'saml',
      id: 'admin/app',
      samlRequest: DEFLATED,
      relayState: 'back to /x?y=1',
    });
    expect(samlRequestOf('admin', 'app', '').params).toEqual({ samlRequest: '', relayState: '' });
  });

  it('carry a request signed in the query on as its signed octets, exactly as encoded', () => {
    const octets =
      'SAMLRequest=fZBN%2Ba%3D&RelayState=a+b&SigAlg=http%3A%2F%2Fwww.w3.org%2F2001%2F04%2Fxmldsig-more%23rsa-sha256';
    const fromEndpoint = samlRequestOf('admin', 'app', `?${new URLSearchParams({ samlQuery: octets, signature: 'c2ln+/=' })}`);
    expect(fromEndpoint.params).toEqual({ samlQuery: octets, signature: 'c2ln+/=' });
    // The HTTP-Redirect binding sent straight to the page (Casdoor's metadata names it), in any order.
    const direct = samlRequestOf('admin', 'app', `?Signature=c2ln%2B%2F%3D&${octets.replace('&SigAlg', '&username=u&SigAlg')}`);
    expect(direct.params).toEqual({ samlQuery: octets, signature: 'c2ln+/=' });
    const unsigned = samlRequestOf('admin', 'app', '?SAMLRequest=fZBN%2Ba%3D&RelayState=a+b');
    expect(unsigned.params).toEqual({ samlRequest: 'fZBN+a=', relayState: 'a b' });
  });

  it('post the response to the ACS URL, with the relay state when there is one', () => {
    const request = samlRequestOf('admin', 'app', '?samlRequest=x&relayState=r1');
    expect(
      samlDelivery('UkVTUA==', { redirectUrl: 'https://sp.example/acs', method: 'POST', relayState: 'r1' }, request),
    ).toEqual({
      method: 'POST',
      url: 'https://sp.example/acs',
      fields: [
        { name: 'SAMLResponse', value: 'UkVTUA==' },
        { name: 'RelayState', value: 'r1' },
      ],
    });
    const none = samlRequestOf('admin', 'app', '?samlRequest=x');
    expect(samlDelivery('UkVTUA==', { redirectUrl: 'https://sp.example/acs', method: 'POST', relayState: '' }, none)).toEqual({
      method: 'POST',
      url: 'https://sp.example/acs',
      fields: [{ name: 'SAMLResponse', value: 'UkVTUA==' }],
    });
  });

  it('send the browser to the URL with the response in the query otherwise (Casdoor answers GET then)', () => {
    const request = samlRequestOf('admin', 'app', '?samlRequest=x&relayState=r%26s');
    const delivery = samlDelivery('UkVT+UA==', { redirectUrl: 'https://sp.example/acs?tenant=1', method: 'GET' }, request);
    expect(delivery.method).toBe('GET');
    const url = new URL(delivery.url);
    expect(url.origin + url.pathname).toBe('https://sp.example/acs');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tenant: '1', SAMLResponse: 'UkVT+UA==', RelayState: 'r&s' });
  });
});
