import { type Rec, request } from '../../shared/data/client';

/** One page of the applications a member of `organization` may launch (the /apps page). */
export function getOrganizationApplications(organization: string, page: number, pageSize: number) {
  return request<Rec[], number>('GET', '/api/get-organization-applications', {
    query: { owner: 'admin', organization, p: String(page), pageSize: String(pageSize), sortField: 'name', sortOrder: 'ascend' },
  });
}
