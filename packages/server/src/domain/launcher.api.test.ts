import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

describeEachDatabase('GET /api/get-organization-applications (the app launcher)', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'launchorg');
    for (const [name, homepageUrl] of [
      ['launch-b', 'https://b.example.com'],
      ['launch-a', '<custom-url>'],
    ]) {
      const added = await team.admin.post('/api/add-application', {
        owner: 'admin',
        name,
        organization: 'launchorg',
        cert: 'cert-built-in',
        homepageUrl,
      });
      expect(added.status, added.msg).toBe('ok');
    }
  });

  it("lists a member's organization's applications, paged and sorted, secrets masked", async () => {
    const page = await team.member.get('/api/get-organization-applications', {
      owner: 'admin',
      organization: 'launchorg',
      p: 1,
      pageSize: 1,
      sortField: 'name',
      sortOrder: 'ascend',
    });
    expect(page.status, page.msg).toBe('ok');
    expect(page.data2).toBe(2);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ name: 'launch-a', homepageUrl: '<custom-url>', clientSecret: '***' });
  });

  it('refuses another organization and anonymous callers', async () => {
    expect(
      await team.member.get('/api/get-organization-applications', {
        owner: 'admin',
        organization: 'built-in',
        p: 1,
        pageSize: 10,
      }),
    ).toMatchObject({ status: 'error' });
    expect(
      await new ApiClient(server().url).get('/api/get-organization-applications', { owner: 'admin', organization: 'launchorg' }),
    ).toMatchObject({ status: 'error' });
  });

  it('takes the custom-url marker as a homepage, and no other non-web address', async () => {
    const refused = await team.admin.post('/api/add-application', {
      owner: 'admin',
      name: 'launch-bad',
      organization: 'launchorg',
      cert: 'cert-built-in',
      homepageUrl: 'javascript:alert(1)',
    });
    expect(refused).toMatchObject({ status: 'error', code: 'fieldUrlScheme' });
  });
});
