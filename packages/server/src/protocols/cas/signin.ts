import { type Application, nowRfc3339, splitId } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import { sessionIdOf } from '../../auth/session.js';
import type { SigninType } from '../../auth/signin-types.js';
import type { ServerContext } from '../../context.js';
import { applicationByName } from '../../domain/application.js';
import { AppError } from '../../errors.js';
import { ok } from '../../http/envelope.js';
import { paramOf, queryParam } from '../../http/params.js';
import { serviceAllowed } from './services.js';
import { issueTicket, SERVICE_TICKET_SECONDS } from './tickets.js';
import { flagSet } from './validate.js';

/**
 * The application of a CAS sign-in page (/cas/{organization}/{application}/login), checked before
 * anyone signs in: it exists, belongs to the organization of the path, and accepts the service.
 * An unknown service is an error shown on the page, never a redirect.
 */
export async function casLoginApplication(
  server: ServerContext,
  req: { organization: string; application: string; service: string },
): Promise<Application> {
  const app = await applicationByName(server, req.application);
  if (!app) throw new AppError('applicationMissing', { name: req.application });
  if (req.organization && app.organization !== req.organization) {
    throw new AppError('casApplicationNotInOrganization', { application: app.name, organization: req.organization });
  }
  if (req.service && !serviceAllowed(app, req.service)) throw new AppError('casServiceNotAllowed', { service: req.service });
  return app;
}

/**
 * GET /api/get-app-login?type=cas&id=admin/{application}&organization=...&service=... (Casdoor's
 * parameters, web/src/auth/Util.js getCasLoginParameters; organization is ours).
 */
async function casAppLogin(server: ServerContext, request: FastifyRequest): Promise<Application> {
  const q = (name: string) => queryParam(request, name);
  const id = splitId(q('id'));
  if (!id) throw new AppError('badId', { id: q('id') });
  return casLoginApplication(server, { organization: q('organization'), application: id.name, service: q('service') });
}

/** The service URL with the ticket added, the rest of the URL kept exactly as the service sent it. */
export function serviceWithTicket(service: string, ticket: string): string {
  return `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}`;
}

/**
 * POST /api/login type 'cas' (Casdoor: controllers/auth.go, ResponseTypeCas), with `service` (and
 * `renew`) in the query and application/organization in the body. Answers data = the service
 * ticket and data2 = the service URL with ?ticket=, or data = '' without a service (the person is
 * signed in to single sign-on). renew=true takes only a password, never the session.
 */
export const CAS_SIGNIN_TYPES: Record<string, SigninType> = {
  cas: {
    application: (server, request) =>
      casLoginApplication(server, {
        organization: paramOf(request, 'organization'),
        application: paramOf(request, 'application'),
        service: paramOf(request, 'service'),
      }),
    appLogin: casAppLogin,
    opensSession: (app) => app.enableSigninSession,
    complete: async (server, request, user, app, signin) => {
      if (flagSet(paramOf(request, 'renew')) && !signin.fresh) throw new AppError('casRenewNeedsPassword');
      const service = paramOf(request, 'service');
      if (!service) return ok('', '');
      const sessionId = signin.sessionToken ? sessionIdOf(signin.sessionToken) : '';
      const authTime = nowRfc3339(new Date(signin.authTime * 1000));
      const ticket = await issueTicket(server, {
        kind: 'ST',
        organization: app.organization,
        application: app.name,
        user: user.name,
        service,
        sessionId,
        fresh: signin.fresh,
        authTime,
        expires: new Date(Date.now() + SERVICE_TICKET_SECONDS * 1000),
      });
      return ok(ticket, serviceWithTicket(service, ticket));
    },
  },
};
