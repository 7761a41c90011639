import { ADMIN_OWNER, type Application } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { applicationByName } from '../../domain/application.js';
import { certNameOf, certOfApplication } from '../../domain/cert.js';
import { AppError } from '../../errors.js';
import { type SigningKey, signingKeyOf } from '../../integrations/saml/signing.js';

/** The application a SAML path or sign-in names (applications are always owned by admin). */
export async function samlApplication(
  server: ServerContext,
  owner: string,
  name: string,
  httpStatus = 200,
): Promise<Application> {
  const app = owner === ADMIN_OWNER ? await applicationByName(server, name) : undefined;
  if (!app) throw new AppError('applicationMissing', { name }, httpStatus);
  return app;
}

/** The application's cert (its organization's, else the shared one) as a SAML signing key. */
export async function samlSigningKey(server: ServerContext, app: Application): Promise<SigningKey> {
  const cert = await certOfApplication(server, app);
  if (!cert) throw new AppError('samlCertUnusable', { name: certNameOf(app) });
  return signingKeyOf(cert);
}
