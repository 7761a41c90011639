import { defaultSignupItems } from '@gatehouse/entities';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { freePort } from '../test-support/instances.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { headerOf, signatureValid, startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { addWebhook, FAST_WEBHOOKS, updateWorker, waitForDeliveries } from '../test-support/webhooks.js';

type Row = Record<string, any>;

/**
 * Deliveries to a real receiver on loopback (Casdoor's webhook worker): what
 * is sent and how it is signed, the retries, and that a slow or absent receiver holds nothing up.
 * Retries come after 300 ms and 600 ms here, answers are awaited 1.5 s (FAST_WEBHOOKS).
 */
describeEachDatabase(
  'webhook deliveries',
  (server) => {
    let team: Team;
    const receivers: WebhookReceiver[] = [];
    const hooks: string[] = [];

    const receiver = async (port?: number) => {
      const started = await startWebhookReceiver(port);
      receivers.push(started);
      return started;
    };
    const hook = async (name: string, url: string, fields: Row = {}) => {
      hooks.push(name);
      return addWebhook(team.orgAdmin, name, 'dlvorg', url, fields);
    };
    /** An update of the member by the organization's administrator: an update-user record of dlvorg. */
    const touch = async (displayName: string) => {
      await updateWorker(team.orgAdmin, 'dlvorg', displayName);
      await server().recordQueue.flush();
    };

    beforeAll(async () => {
      team = await organizationTeam(server().url, 'dlvorg');
    });

    afterEach(async () => {
      // Each test's webhooks go (with their deliveries), so that the next test's events reach only its own.
      for (const name of hooks.splice(0)) await team.admin.post('/api/delete-webhook', { owner: 'admin', name });
      for (const started of receivers.splice(0)) await started.close();
    });

    it('sends the record as signed JSON with the webhook method and headers, and marks the record triggered', async () => {
      const target = await receiver();
      const stored = await hook('signed', `${target.url}/in?source=gatehouse`, {
        method: 'PUT',
        headers: [
          { name: 'X-Tenant', value: 'dlv-1' },
          { name: 'Authorization', value: 'Bearer receiver-token' },
        ],
      });
      await touch('Signed Worker');
      const [delivery] = await target.waitFor(1);
      if (!delivery) throw new Error('no delivery');
      expect(delivery).toMatchObject({ method: 'PUT', path: '/in?source=gatehouse' });
      expect(headerOf(delivery, 'content-type')).toBe('application/json');
      expect(headerOf(delivery, 'x-tenant')).toBe('dlv-1');
      expect(headerOf(delivery, 'authorization')).toBe('Bearer receiver-token');
      expect(headerOf(delivery, 'x-gatehouse-event')).toBe('update-user');
      expect(signatureValid(delivery, stored.secret)).toBe(true);
      expect(signatureValid(delivery, 'another-secret')).toBe(false);
      expect(signatureValid({ ...delivery, body: delivery.body.replace('Signed Worker', 'Forged Worker') }, stored.secret)).toBe(
        false,
      );
      expect(Math.abs(Number(headerOf(delivery, 'x-gatehouse-timestamp')) - Date.now() / 1000)).toBeLessThan(60);

      const document = JSON.parse(delivery.body);
      expect(document).toMatchObject({
        action: 'update-user',
        organization: 'dlvorg',
        user: 'boss',
        method: 'POST',
        isTriggered: true,
      });
      expect(document.id).toBeGreaterThan(0);
      expect(JSON.parse(document.object)).toMatchObject({ name: 'worker', displayName: 'Signed Worker' });
      expect(document).not.toHaveProperty('extendedUser');

      const [logged] = await waitForDeliveries(team.orgAdmin, 'signed', (rows) => rows[0]?.state === 'Success');
      expect(logged).toMatchObject({
        owner: 'admin',
        name: headerOf(delivery, 'x-gatehouse-delivery'),
        webhook: 'admin/signed',
        organization: 'dlvorg',
        eventType: 'update-user',
        attemptCount: 1,
        lastStatusCode: 200,
        lastResponse: 'ok',
        lastError: '',
        nextRetryTime: '',
      });
      const records = (await team.admin.post('/api/get-records-filter', { organization: 'dlvorg', action: 'update-user' })).data;
      expect(records.find((r: Row) => r.name === document.name)?.isTriggered).toBe(true);
      // A record no webhook listens to is not triggered.
      const added = (await team.admin.post('/api/get-records-filter', { organization: 'dlvorg', action: 'add-webhook' })).data;
      expect(added.length).toBeGreaterThan(0);
      expect(added.every((r: Row) => r.isTriggered === false)).toBe(true);
    });

    it('sends form-encoded documents with the chosen object fields and the extended user restricted to its fields', async () => {
      const boss = (await team.orgAdmin.get('/api/get-user', { id: 'dlvorg/boss' })).data;
      expect(
        (await team.orgAdmin.post('/api/update-user', { ...boss, email: 'boss@dlv.test' }, { id: 'dlvorg/boss' })).status,
      ).toBe('ok');
      await server().recordQueue.flush();
      const target = await receiver();
      const stored = await hook('form', target.url, {
        contentType: 'application/x-www-form-urlencoded',
        objectFields: ['displayName', 'name'],
        isUserExtended: true,
        tokenFields: ['name', 'email', 'displayName'],
      });
      await touch('Form Worker');
      const [formed] = await target.waitFor(1);
      if (!formed) throw new Error('no delivery');
      expect(headerOf(formed, 'content-type')).toBe('application/x-www-form-urlencoded');
      expect(signatureValid(formed, stored.secret)).toBe(true);
      const form = new URLSearchParams(formed.body);
      expect(form.get('action')).toBe('update-user');
      expect(form.get('isTriggered')).toBe('true');
      expect(JSON.parse(form.get('object') ?? '')).toEqual({ displayName: 'Form Worker', name: 'worker' });
      expect(JSON.parse(form.get('extendedUser') ?? '')).toEqual({ name: 'boss', email: 'boss@dlv.test', displayName: '' });
    });

    it('extends the payload with every field of the user but passwords, hashes and secrets when no field is chosen', async () => {
      const target = await receiver();
      await hook('everything', target.url, { isUserExtended: true, tokenFields: [], objectFields: ['All'] });
      await touch('Extended Worker');
      const [delivery] = await target.waitFor(1);
      const document = JSON.parse(delivery?.body ?? '{}');
      expect(JSON.parse(document.object)).toMatchObject({ owner: 'dlvorg', name: 'worker', displayName: 'Extended Worker' });
      expect(document.extendedUser).toMatchObject({ owner: 'dlvorg', name: 'boss', isAdmin: true });
      for (const secret of [
        'password',
        'passwordSalt',
        'passwordType',
        'totpSecret',
        'recoveryCodes',
        'accessKey',
        'accessSecret',
        'mfaSetup',
      ]) {
        expect(document.extendedUser, secret).not.toHaveProperty(secret);
      }
    });

    it('retries after failed answers, waiting longer each time, until one succeeds or the attempts run out', async () => {
      const flaky = await receiver();
      flaky.answer = (_delivery, index) => (index < 2 ? { status: 500, text: 'busy' } : { status: 204 });
      const broken = await receiver();
      broken.answer = () => ({ status: 503, text: 'down for maintenance' });
      await hook('flaky', flaky.url);
      await hook('broken', broken.url);
      await touch('Retried Worker');
      const tries = await flaky.waitFor(3);
      const [first, second, third] = tries.map((t) => t.at);
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(FAST_WEBHOOKS.retryBaseMs - 20);
      expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(2 * FAST_WEBHOOKS.retryBaseMs - 20);
      expect(new Set(tries.map((t) => headerOf(t, 'x-gatehouse-delivery'))).size).toBe(1);
      const [succeeded] = await waitForDeliveries(team.orgAdmin, 'flaky', (rows) => rows[0]?.state === 'Success');
      expect(succeeded).toMatchObject({ attemptCount: 3, maxRetries: 3, lastStatusCode: 204, lastError: '' });

      const [failed] = await waitForDeliveries(team.orgAdmin, 'broken', (rows) => rows[0]?.state === 'Failed');
      expect(failed).toMatchObject({
        attemptCount: 3,
        lastStatusCode: 503,
        lastResponse: 'down for maintenance',
        lastError: 'The receiver answered HTTP 503',
        nextRetryTime: '',
      });
      expect(broken.received).toHaveLength(3);
    });

    it('holds up neither the calls of the server nor other deliveries while a target never answers', async () => {
      const silent = await receiver();
      silent.answer = () => 'hang';
      const prompt = await receiver();
      await hook('silent', silent.url);
      await hook('prompt', prompt.url);
      await touch('Hanging Worker');
      const flushed = Date.now();
      await silent.waitFor(1);
      // The delivery being sent cannot be replayed meanwhile.
      const [inFlight] = await waitForDeliveries(team.orgAdmin, 'silent', (rows) => rows.length === 1);
      expect(await team.orgAdmin.post('/api/replay-webhook-event', undefined, { id: `admin/${inFlight?.name}` })).toMatchObject({
        status: 'error',
        msg: 'The webhook event is being delivered right now; replay it once that attempt is over',
      });
      // The other webhook's delivery goes at once, well before the silent target's time limit.
      const [promptDelivery] = await prompt.waitFor(1);
      expect((promptDelivery?.at ?? 0) - flushed).toBeLessThan(FAST_WEBHOOKS.timeoutMs);
      // The server answers while the silent target holds its delivery.
      const started = Date.now();
      expect((await team.orgAdmin.get('/api/get-account')).status).toBe('ok');
      const worker = (await team.orgAdmin.get('/api/get-user', { id: 'dlvorg/worker' })).data;
      expect(
        (await team.orgAdmin.post('/api/update-user', { ...worker, displayName: 'Quick' }, { id: 'dlvorg/worker' })).status,
      ).toBe('ok');
      expect(Date.now() - started).toBeLessThan(FAST_WEBHOOKS.timeoutMs / 2);
      const logged = await waitForDeliveries(team.orgAdmin, 'silent', (rows) => rows.some((row) => row.lastError !== ''));
      const timedOut = logged.find((row) => row.lastError !== '');
      expect(timedOut).toMatchObject({ state: 'Retrying', attemptCount: 1 });
      expect(timedOut?.lastError).toBe(`No answer from ${silent.url}/ within 1.5 seconds`);
    });

    it('sends the sign-up, new-user and login events of a sign-up', async () => {
      const target = await receiver();
      const added = await team.admin.post('/api/add-application', {
        owner: 'admin',
        name: 'dlv-app',
        organization: 'dlvorg',
        cert: 'cert-built-in',
        enablePassword: true,
        enableSignUp: true,
        signupItems: defaultSignupItems().map((row) =>
          row.name === 'Email' || row.name === 'Phone' ? { ...row, rule: 'No verification' } : row,
        ),
      });
      expect(added.status, added.msg).toBe('ok');
      await hook('signups', target.url, {
        events: ['signup', 'new-user', 'login'],
        isUserExtended: true,
        tokenFields: ['name', 'email'],
      });
      const newcomer = new ApiClient(server().url);
      const signedUp = await newcomer.post('/api/signup', {
        application: 'dlv-app',
        organization: 'dlvorg',
        username: 'newcomer',
        password: 'newcomer-pass',
        confirm: 'newcomer-pass',
        name: 'New Comer',
        email: 'newcomer@dlv.test',
      });
      expect(signedUp.status, signedUp.msg).toBe('ok');
      expect((await newcomer.login('newcomer', 'newcomer-pass', 'dlvorg')).status).toBe('ok');
      await server().recordQueue.flush();
      const deliveries = await target.waitFor(3);
      const byAction = new Map(deliveries.map((d) => [headerOf(d, 'x-gatehouse-event'), JSON.parse(d.body)]));
      expect([...byAction.keys()].sort()).toEqual(['login', 'new-user', 'signup']);
      const newUser = byAction.get('new-user');
      expect(newUser).toMatchObject({
        organization: 'dlvorg',
        user: 'newcomer',
        extendedUser: { name: 'newcomer', email: 'newcomer@dlv.test' },
      });
      const created = JSON.parse(newUser.object);
      expect(created).toMatchObject({ owner: 'dlvorg', name: 'newcomer', displayName: 'New Comer', password: '***' });
      expect(newUser.object).not.toContain('newcomer-pass');
      expect(JSON.parse(byAction.get('signup').object)).toMatchObject({ username: 'newcomer', password: '***' });
    });

    describe('replays', () => {
      it('queues a delivery again and sends it with the same delivery id', async () => {
        const target = await receiver();
        await hook('replayed', target.url);
        await touch('Replayed Worker');
        const [first] = await waitForDeliveries(team.orgAdmin, 'replayed', (rows) => rows[0]?.state === 'Success');
        const id = `admin/${first?.name}`;
        expect(await team.orgAdmin.post('/api/replay-webhook-event', undefined, { id })).toMatchObject({
          status: 'ok',
          data: 'Webhook event replay triggered',
        });
        const both = await target.waitFor(2);
        expect(both.map((d) => headerOf(d, 'x-gatehouse-delivery'))).toEqual([first?.name, first?.name]);
        expect(both[1]?.body).toBe(both[0]?.body);
        const [again] = await waitForDeliveries(
          team.orgAdmin,
          'replayed',
          (rows) => rows[0]?.state === 'Success' && target.received.length === 2,
        );
        expect(again?.attemptCount).toBe(1);
        expect(await team.orgAdmin.post('/api/replay-webhook-event', undefined, { id: 'admin/no-such-event' })).toMatchObject({
          status: 'error',
          msg: 'The webhook event "admin/no-such-event" does not exist',
        });
        expect(await team.orgAdmin.post('/api/replay-webhook-event', undefined, { id: 'no-slash' })).toMatchObject({
          status: 'error',
          code: 'badId',
        });
      });
    });
  },
  { webhooks: FAST_WEBHOOKS },
);

/** Retries a second apart and more attempts: room to start a receiver between two of them. */
describeEachDatabase(
  'webhook deliveries to a receiver that starts late',
  (server) => {
    let team: Team;
    let late: WebhookReceiver | undefined;

    beforeAll(async () => {
      team = await organizationTeam(server().url, 'lateorg');
    });

    afterAll(async () => {
      await late?.close();
    });

    it('retries a refused connection until the receiver is up', async () => {
      const port = await freePort();
      await addWebhook(team.orgAdmin, 'refused', 'lateorg', `http://127.0.0.1:${port}/late`);
      await updateWorker(team.orgAdmin, 'lateorg', 'Refused Worker');
      await server().recordQueue.flush();
      const [waiting] = await waitForDeliveries(team.orgAdmin, 'refused', (rows) => rows[0]?.state === 'Retrying');
      expect(waiting).toMatchObject({ attemptCount: 1, lastStatusCode: 0 });
      expect(waiting?.lastError).toMatch(new RegExp(`^Could not reach http://127\\.0\\.0\\.1:${port}/late`));
      expect(Date.parse(waiting?.nextRetryTime)).toBeGreaterThan(Date.now() - 60_000);
      late = await startWebhookReceiver(port);
      await late.waitFor(1);
      const [delivered] = await waitForDeliveries(team.orgAdmin, 'refused', (rows) => rows[0]?.state === 'Success');
      expect(delivered?.attemptCount).toBeGreaterThanOrEqual(2);
      expect(late.received).toHaveLength(1);
    });

    it('gives up the deliveries of a webhook disabled while they wait', async () => {
      const port = await freePort();
      const stored = await addWebhook(team.orgAdmin, 'disabled', 'lateorg', `http://127.0.0.1:${port}/never`);
      await updateWorker(team.orgAdmin, 'lateorg', 'Disabled Worker');
      await server().recordQueue.flush();
      await waitForDeliveries(team.orgAdmin, 'disabled', (rows) => rows[0]?.state === 'Retrying');
      const disabled = await team.orgAdmin.post('/api/update-webhook', { ...stored, isEnabled: false }, { id: 'admin/disabled' });
      expect(disabled.status).toBe('ok');
      const [given] = await waitForDeliveries(team.orgAdmin, 'disabled', (rows) => rows[0]?.state === 'Failed');
      expect(given).toMatchObject({ attemptCount: 2, lastError: 'The webhook is disabled' });
    });
  },
  { webhooks: { ...FAST_WEBHOOKS, maxAttempts: 5, retryBaseMs: 1000 } },
);
