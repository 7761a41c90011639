import type { FastifyInstance } from 'fastify';
import { deleteMfa, enableMfaSetup, initiateMfa, preferMfa, verifyMfaSetup } from '../auth/mfa-setup.js';
import type { ServerContext } from '../context.js';
import { ok } from '../http/envelope.js';

/**
 * Multi-factor authentication of a user (Casdoor's paths and multipart forms; auth/mfa-setup.ts):
 * set a method up (initiate, verify, enable), remove every method, choose the preferred one. The
 * sign-in's second step is POST /api/login (auth/mfa-signin.ts).
 */
export function registerMfaRoutes(app: FastifyInstance, server: ServerContext) {
  app.post('/api/mfa/setup/initiate', async (request) => ok(await initiateMfa(server, request)));
  app.post('/api/mfa/setup/verify', async (request) => ok(await verifyMfaSetup(server, request)));
  app.post('/api/mfa/setup/enable', async (request) => ok(await enableMfaSetup(server, request)));
  app.post('/api/delete-mfa', async (request) => ok(await deleteMfa(server, request)));
  app.post('/api/set-preferred-mfa', async (request) => ok(await preferMfa(server, request)));
}
