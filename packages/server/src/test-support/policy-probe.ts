import { expect } from 'vitest';
import type { ApiClient } from './client.js';

/**
 * One permission to watch across instances: `organization` (created here) lets `<organization>/ann`
 * Read `reports`. `setEnabled` changes it through `admin`; `ask(client)` enforces it through
 * another client (another instance) and answers casbin's decision.
 */
export async function policyProbe(admin: ApiClient, organization: string) {
  expect(await admin.post('/api/add-organization', { owner: 'admin', name: organization })).toMatchObject({ status: 'ok' });
  const permission = {
    owner: organization,
    name: 'reports',
    users: [`${organization}/ann`],
    resourceType: 'Custom',
    resources: ['reports'],
    actions: ['Read'],
    effect: 'Allow',
    isEnabled: true,
  };
  const id = `${organization}/reports`;
  expect(await admin.post('/api/add-permission', permission)).toMatchObject({ status: 'ok' });
  return {
    id,
    /** The request body /api/enforce takes for ann reading reports. */
    request: [`${organization}/ann`, 'reports', 'Read'],
    setEnabled: async (isEnabled: boolean) =>
      expect(await admin.post('/api/update-permission', { ...permission, isEnabled }, { id })).toMatchObject({ status: 'ok' }),
    ask: async (client: ApiClient): Promise<unknown> =>
      (await client.post('/api/enforce', [`${organization}/ann`, 'reports', 'Read'], { permissionId: id })).data,
  };
}
