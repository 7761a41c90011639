import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { samlFormOf, samlRelayState } from './saml-signin-model';

const parse = (text: string) => new DOMParser().parseFromString(text, 'text/html') as unknown as Document;

describe('sign-in through a SAML provider', () => {
  it('carries the sign-in to continue as base64 JSON, whatever its characters', () => {
    const start = {
      method: 'signup' as const,
      type: 'login',
      body: { application: 'app-é', organization: 'acme' },
      from: '/x?y=1',
    };
    const relayState = samlRelayState(start);
    expect(relayState).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const bytes = Uint8Array.from(atob(relayState), (c) => c.charCodeAt(0));
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(start);
  });

  it("reads the HTTP-POST binding's form from the page the server answers", () => {
    // The page as protocols/saml/sp-request.ts writes it.
    const page =
      '<!DOCTYPE html><html><body><form method="post" action="https://idp.example/sso?a=1&amp;b=2" id="saml-request">' +
      '<input type="hidden" name="SAMLRequest" value="PHNhbWxwOkF1dGhuUmVxdWVzdA=="/>' +
      '<input type="hidden" name="RelayState" value="eyJhIjoxfQ.c2ln"/>' +
      '<noscript><input type="submit" value="Continue"/></noscript></form>' +
      "<script>document.getElementById('saml-request').submit();</script></body></html>";
    expect(samlFormOf(page, parse)).toEqual({
      url: 'https://idp.example/sso?a=1&b=2',
      fields: [
        { name: 'SAMLRequest', value: 'PHNhbWxwOkF1dGhuUmVxdWVzdA==' },
        { name: 'RelayState', value: 'eyJhIjoxfQ.c2ln' },
      ],
    });
    expect(samlFormOf('<html><body>no form</body></html>', parse)).toBeNull();
    expect(samlFormOf('<form action="javascript:alert(1)"></form>', parse)).toBeNull();
  });
});
