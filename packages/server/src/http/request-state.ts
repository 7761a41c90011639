import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What a request carries until it is answered for the modules that keep something of it: each
 * property is declared by its module (module augmentation of FastifyRequest) and starts unset on
 * every request (decorateRequestState, in app.ts).
 */
export const REQUEST_STATE = [
  // auth/account.ts: who is calling, resolved once.
  'callerAccount',
  // auth/signin-types.ts: the user authenticates now without a password in the request.
  'freshSignin',
  // http/record-subject.ts: whom the audit record names, and the user a sign-up created.
  'recordSubject',
  'newUserObject',
  // http/uploads.ts: the declared names and types of the multipart files.
  'uploadedFileInfo',
  // protocols/saml/signin.ts: the AuthnRequest checked for the sign-in.
  'samlAuthnRequest',
] as const satisfies readonly (keyof FastifyRequest)[];

export function decorateRequestState(app: FastifyInstance): void {
  for (const name of REQUEST_STATE) app.decorateRequest(name, undefined);
}

/**
 * A request whose query and body are the given ones, the rest (cookies and addresses included)
 * being `request`'s: a sign-in restored from an identity provider's state or from the first step
 * of a multi-factor sign-in. Its state (above) is its own, unset: nothing kept of the request it
 * comes from (its caller is resolved again from what it says).
 */
export function requestWith(
  request: FastifyRequest,
  query: Record<string, string>,
  body: Record<string, unknown>,
): FastifyRequest {
  const own: PropertyDescriptorMap = { query: { value: query, enumerable: true }, body: { value: body, enumerable: true } };
  for (const name of REQUEST_STATE) own[name] = { value: undefined, writable: true, enumerable: true };
  const derived: FastifyRequest = Object.create(request, own);
  return derived;
}
