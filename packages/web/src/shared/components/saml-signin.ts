import { unwrap } from '../data/client';
import { getSamlLogin } from '../data/signin-flows';
import type { TFunction } from '../i18n/i18n';
import { type SamlForm, type SamlStart, samlFormOf, samlRelayState } from './saml-signin-model';

/**
 * Sign-in (or a link) through a SAML provider (Casdoor's goToSamlUrl): GET /api/get-saml-login
 * with the sign-in to continue as relayState; the browser then goes to the identity provider's SSO
 * URL (data2 GET), or posts the signed AuthnRequest there (data2 POST: the form of the page the
 * server answers, rebuilt here rather than written into the document, whose inline script the
 * console's content security policy would block). The IdP posts its response to /api/acs, which
 * sends the browser to /callback.
 */

/** Posts `form` from this page (top-level navigation, as the HTTP-POST binding wants). */
function submit(form: SamlForm): void {
  const element = document.createElement('form');
  element.method = 'post';
  element.action = form.url;
  element.style.display = 'none';
  for (const field of form.fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
}

/** Sends the browser to the SAML provider owner/name; throws the server's refusal (an Error whose message is for people). */
export async function signInWithSaml(t: TFunction, provider: { owner: string; name: string }, start: SamlStart): Promise<void> {
  const answer = unwrap(await getSamlLogin(`${provider.owner}/${provider.name}`, samlRelayState(start)));
  const data = String(answer.data ?? '');
  if (answer.data2 === 'POST') {
    const form = samlFormOf(data);
    if (!form) throw new Error(t('signin.samlFormUnreadable'));
    submit(form);
    return;
  }
  window.location.assign(data);
}
