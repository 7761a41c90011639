import { ADMIN_OWNER, type Application, application as applicationDef } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Rec } from '../../crud/repository.js';
import { AppError } from '../../errors.js';
import { OAuthError } from '../oidc/errors.js';
import { certOfApplication } from '../oidc/keys.js';
import { type SigningKey, signingKeyOf } from './signing.js';

/** The application a SAML path or sign-in names (applications are always owned by admin). */
export async function samlApplication(
  server: ServerContext,
  owner: string,
  name: string,
  httpStatus = 200,
): Promise<Application> {
  const app =
    owner === ADMIN_OWNER ? ((await server.repo(applicationDef).get(owner, name)) as Application | undefined) : undefined;
  if (!app) throw new AppError('applicationMissing', { name }, httpStatus);
  return app;
}

/** The application's cert (its organization's, else the shared one) as a SAML signing key. */
export async function samlSigningKey(server: ServerContext, app: Application): Promise<SigningKey> {
  let cert: Rec;
  try {
    cert = await certOfApplication(server, app);
  } catch (error) {
    if (error instanceof OAuthError) throw new AppError('samlCertUnusable', { name: app.cert || 'cert-built-in' });
    throw error;
  }
  return signingKeyOf(cert);
}
