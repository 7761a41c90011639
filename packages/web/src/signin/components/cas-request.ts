/**
 * The parameters of the CAS pages (/cas/{organization}/{application}/login and /logout; CAS
 * protocol 3.0 §2.1 and §2.3) and the calls they make with them.
 */
export interface CasRequest {
  organization: string;
  application: string;
  /** The URL to return to (with the ticket after a sign-in); '' when absent. */
  service: string;
  /** renew: a password is asked even when the person is signed in. */
  renew: boolean;
  /**
   * gateway: never ask for credentials; continue with the session, or return to the service
   * without a ticket. Ignored with renew and without a service (CAS protocol §2.1.1).
   */
  gateway: boolean;
}

/** Whether a flag parameter (renew, gateway) is set: present and not "false", as the server reads it. */
export function casFlag(value: string | null): boolean {
  return value !== null && value !== '' && value.toLowerCase() !== 'false';
}

export function casRequest(organization: string, application: string, search: URLSearchParams): CasRequest {
  const service = search.get('service') ?? '';
  const renew = casFlag(search.get('renew'));
  return { organization, application, service, renew, gateway: !renew && !!service && casFlag(search.get('gateway')) };
}

/** GET /api/get-app-login: checks the application, its organization and the service. */
export function casAppLoginQuery(request: CasRequest): Record<string, string> {
  return {
    type: 'cas',
    id: `admin/${request.application}`,
    organization: request.organization,
    ...(request.service ? { service: request.service } : {}),
  };
}

/** The query of POST /api/login type=cas: the service, and renew so that the server refuses the session. */
export function casLoginQuery(request: CasRequest): Record<string, string> {
  return {
    ...(request.service ? { service: request.service } : {}),
    ...(request.renew ? { renew: 'true' } : {}),
  };
}

/** The sign-in page of the same application (where the sign-out page offers to sign in again). */
export function casLoginPath(request: Pick<CasRequest, 'organization' | 'application' | 'service'>): string {
  const path = `/cas/${encodeURIComponent(request.organization)}/${encodeURIComponent(request.application)}/login`;
  return request.service ? `${path}?${new URLSearchParams({ service: request.service })}` : path;
}
