import os from 'node:os';
import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

const TOKEN = 'scrape-token-123';

describeEachDatabase(
  'system info',
  (server) => {
    let team: Team;

    beforeAll(async () => {
      team = await organizationTeam(server().url, 'sysorg');
    });

    it('answers CPU usage per core and memory used over total to a global administrator', async () => {
      const answer = await team.admin.get('/api/get-system-info');
      expect(answer.status).toBe('ok');
      expect(answer.data.cpuUsage).toHaveLength(os.cpus().length);
      for (const core of answer.data.cpuUsage) {
        expect(core).toBeGreaterThanOrEqual(0);
        expect(core).toBeLessThanOrEqual(100);
      }
      expect(answer.data.memoryUsed).toBeGreaterThan(0);
      expect(answer.data.memoryTotal).toBe(os.totalmem());
      expect(answer.data.memoryUsed).toBeLessThan(answer.data.memoryTotal);
    });

    it('refuses system and Prometheus info to organization administrators, members and anonymous callers', async () => {
      const anonymous = new ApiClient(server().url);
      for (const client of [team.orgAdmin, team.member, anonymous]) {
        expect(await client.get('/api/get-system-info')).toMatchObject({ status: 'error', msg: 'Unauthorized operation' });
        expect(await client.get('/api/get-prometheus-info')).toMatchObject({ status: 'error', msg: 'Unauthorized operation' });
      }
    });

    it('answers the version to anyone', async () => {
      const answer = await new ApiClient(server().url).get('/api/get-version-info');
      expect(answer.status).toBe('ok');
      expect(typeof answer.data.version).toBe('string');
      expect(typeof answer.data.commitId).toBe('string');
      expect(answer.data.commitOffset).toBeGreaterThanOrEqual(0);
    });

    it('records real requests by route pattern in the latency and throughput tables', async () => {
      for (let i = 0; i < 3; i++) await team.admin.get('/api/get-organization', { id: 'admin/sysorg' });
      const answer = await team.admin.get('/api/get-prometheus-info');
      expect(answer.status).toBe('ok');
      const latency = answer.data.apiLatency.find(
        (row: { name: string; method: string }) => row.name === '/api/get-organization' && row.method === 'GET',
      );
      expect(latency.count).toBeGreaterThanOrEqual(3);
      expect(Number(latency.latency)).toBeGreaterThan(0);
      const throughput = answer.data.apiThroughput.find(
        (row: { name: string; method: string }) => row.name === '/api/get-organization' && row.method === 'GET',
      );
      expect(throughput.throughput).toBeCloseTo(3 / 60, 3);
      expect(answer.data.totalThroughput).toBeGreaterThanOrEqual(throughput.throughput);
      // The raw address (with its query) never becomes a label.
      expect(answer.data.apiLatency.some((row: { name: string }) => row.name.includes('?'))).toBe(false);
    });

    it('serves /metrics in the Prometheus text format only with the configured token or to a global administrator', async () => {
      const anonymous = new ApiClient(server().url);
      const refused = await anonymous.raw('GET', '/metrics');
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain('gatehouse_api_latency_seconds');
      expect((await anonymous.raw('GET', '/metrics', { headers: { authorization: 'Bearer wrong-token-12' } })).status).toBe(401);
      expect((await team.orgAdmin.raw('GET', '/api/metrics')).status).toBe(401);

      const scraped = await anonymous.raw('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toContain('text/plain');
      const text = await scraped.text();
      expect(text).toContain('# TYPE gatehouse_api_latency_seconds histogram');
      expect(text).toMatch(/gatehouse_api_latency_seconds_count\{name="\/api\/get-organization",method="GET"\} \d+/);
      expect((await team.admin.raw('GET', '/api/metrics')).status).toBe(200);
    });
  },
  { metricsToken: TOKEN },
);
