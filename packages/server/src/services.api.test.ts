import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SIGNIN } from './auth/login.js';
import { organizationByName } from './domain/organization.js';
import type { Write } from './domain/writes.js';
import { ok } from './http/envelope.js';
import { signedInAdmin } from './test-support/accounts.js';
import { ApiClient } from './test-support/client.js';
import { testEngines } from './test-support/databases.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from './test-support/server.js';

const METADATA = '<EntityDescriptor entityID="peer"/>';

/**
 * Two servers in one process, configured differently, share none of their running state: each
 * has its own services (context.ts ServerServices, services.ts), so its own outbound allowlist,
 * record caches, written event and sign-in types. Engine-independent: it runs on the first engine
 * tested.
 */
const [engine] = testEngines();
describe.runIf(engine)(`two servers in one process [${engine}]`, () => {
  let open: TestServer | undefined;
  let closed: TestServer | undefined;
  let peer: Server;
  let peerUrl = '';

  /** The server whose allowlist opens loopback (the test configuration's). */
  const first = () => {
    if (!open) throw new Error('first server not started');
    return open;
  };
  /** The server with an empty allowlist. */
  const second = () => {
    if (!closed) throw new Error('second server not started');
    return closed;
  };

  beforeAll(async () => {
    if (!engine) return;
    peer = createServer((_request, response) => response.end(METADATA));
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    const address = peer.address();
    peerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metadata`;
    [open, closed] = await Promise.all([startTestServer(engine), startTestServer(engine, { outboundAllowlist: [] })]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), closed?.close()]);
    peer?.close();
  });

  it('builds services of its own for each, none of them shared', () => {
    const others = new Map(Object.entries(second().ctx.services));
    const own = Object.entries(first().ctx.services);
    expect(own.length).toBeGreaterThan(10);
    for (const [name, service] of own) expect(others.get(name), name).not.toBe(service);
  });

  it('calls out under its own allowlist: one reaches the loopback peer, the other is refused', async () => {
    const [a, b] = await Promise.all([signedInAdmin(first().url), signedInAdmin(second().url)]);
    expect(await a.post('/api/fetch-saml-metadata', { url: peerUrl })).toMatchObject({ status: 'ok', data: METADATA });
    expect(await b.post('/api/fetch-saml-metadata', { url: peerUrl })).toMatchObject({
      status: 'error',
      code: 'outboundAddressRefused',
    });
    // The refusal changed nothing for the first.
    expect(await a.post('/api/fetch-saml-metadata', { url: peerUrl })).toMatchObject({ status: 'ok' });
  });

  it('hears only its own writes, and empties only its own record caches', async () => {
    const [a, b] = await Promise.all([signedInAdmin(first().url), signedInAdmin(second().url)]);
    for (const client of [a, b]) {
      expect(await client.post('/api/add-organization', { owner: 'admin', name: 'twin', displayName: 'Twin' })).toMatchObject({
        status: 'ok',
      });
    }
    const heard: { first: Write[]; second: Write[] } = { first: [], second: [] };
    const stops = [
      first().ctx.services.writes.subscribe((event) => heard.first.push(...event.writes)),
      second().ctx.services.writes.subscribe((event) => heard.second.push(...event.writes)),
    ];
    try {
      // Both kept in their caches (a frozen record, the same one on every read until a write empties it).
      const cachedHere = await organizationByName(first().ctx, 'twin');
      const cachedThere = await organizationByName(second().ctx, 'twin');
      expect(await organizationByName(first().ctx, 'twin')).toBe(cachedHere);
      expect(cachedThere).toMatchObject({ displayName: 'Twin' });

      const stored = (await a.get('/api/get-organization', { id: 'admin/twin' })).data;
      expect(
        await a.post('/api/update-organization', { ...stored, displayName: 'Changed here' }, { id: 'admin/twin' }),
      ).toMatchObject({ status: 'ok' });
      expect(heard.first).toContainEqual(
        expect.objectContaining({ entity: 'organization', kind: 'update', id: 'admin/twin', fields: ['displayName'] }),
      );
      expect(heard.second).toEqual([]);
      expect(await organizationByName(first().ctx, 'twin')).toMatchObject({ displayName: 'Changed here' });
      // The second server's cache was not emptied by the first's write: it still serves what it kept.
      expect(await organizationByName(second().ctx, 'twin')).toBe(cachedThere);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('answers the sign-in types registered with it, not those of another server', async () => {
    first().ctx.services.signinTypes.register('echo', {
      ...CONSOLE_SIGNIN,
      opensSession: () => false,
      complete: async (_server, _request, user) => ok(`echo ${user.owner}/${user.name}`),
    });
    const signin = {
      type: 'echo',
      application: 'app-built-in',
      organization: 'built-in',
      username: 'admin',
      password: ADMIN_PASSWORD,
    };
    expect(await new ApiClient(first().url).post('/api/login', signin)).toMatchObject({
      status: 'ok',
      data: 'echo built-in/admin',
    });
    expect(await new ApiClient(second().url).post('/api/login', signin)).toMatchObject({
      status: 'error',
      code: 'loginTypeUnsupported',
    });
    expect(second().ctx.services.signinTypes.get('echo')).toBeUndefined();
  });
});
