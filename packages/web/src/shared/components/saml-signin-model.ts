import type { ProviderSigninRequest } from '../data/signin-flows';

/**
 * The pure part of a sign-in through a SAML provider (components/saml-signin.ts): the relayState
 * get-saml-login takes, and the form of the page it answers for the HTTP-POST binding.
 */

export interface SamlStart extends Partial<ProviderSigninRequest> {
  method: 'signup' | 'link';
}

/** get-saml-login's relayState: base64 of the JSON {method, type, query, body, from} (UTF-8). */
export function samlRelayState(start: SamlStart): string {
  const bytes = new TextEncoder().encode(JSON.stringify(start));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface SamlForm {
  url: string;
  fields: { name: string; value: string }[];
}

/**
 * The form of the page get-saml-login answers for the HTTP-POST binding; null when it has none.
 * `parse` reads HTML (the browser's DOMParser; tests pass another).
 */
export function samlFormOf(
  html: string,
  parse: (text: string) => Pick<Document, 'getElementsByTagName'> = (text) => new DOMParser().parseFromString(text, 'text/html'),
): SamlForm | null {
  const form = parse(html).getElementsByTagName('form')[0];
  const url = form?.getAttribute('action') ?? '';
  if (!form || !/^https?:\/\//i.test(url)) return null;
  const fields = Array.from(form.getElementsByTagName('input'))
    .filter((input) => input.getAttribute('type') === 'hidden')
    .map((input) => ({ name: input.getAttribute('name') ?? '', value: input.getAttribute('value') ?? '' }));
  return { url, fields: fields.filter((field) => field.name !== '') };
}
