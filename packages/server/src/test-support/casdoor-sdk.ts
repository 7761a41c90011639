import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { ApiClient } from './client.js';
import { createOAuthApplication } from './oidc.js';
import { ADMIN_PASSWORD } from './server.js';

const require = createRequire(import.meta.url);
// The SDK ships a CommonJS build; load it the way its users' bundlers would.
const { SDK } = require('casdoor-nodejs-sdk') as typeof import('casdoor-nodejs-sdk');
// The multipart encoder the SDK itself uses for its form posts (setPassword, MFA).
const FormData = require('form-data') as typeof import('form-data');

/** Casdoor's answer envelope, as the SDK hands it back in `response.data`. */
export interface CasdoorAnswer {
  status: string;
  msg: string;
  /** Gatehouse's addition: the error's catalogue key (decision 0004). */
  code?: string;
  data: unknown;
  data2: unknown;
}

export type Row = Record<string, unknown>;

/** A policy row as Casdoor's API carries it (xorm-adapter's CasbinRule). */
export interface CasbinRule {
  Id: number;
  Ptype: string;
  V0: string;
  V1: string;
  V2: string;
  V3?: string;
  V4?: string;
  V5?: string;
}

/** The client credentials of an application (createOAuthApplication's answer). */
export interface SdkApplication {
  name: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The published SDK (casdoor-nodejs-sdk 1.24.0, HTTP Basic clientId:clientSecret on every call),
 * plus the calls that its repository's source (src/policy.ts, src/util.ts getId) has and the
 * published build lacks: policies, sent through the SDK's own HTTP client exactly as that source
 * sends them (a JSON string body, which axios labels application/x-www-form-urlencoded), and a
 * form post used where the SDK's own call leaves out a field the server needs.
 */
export class CasdoorSdk extends SDK {
  private idOf(name: string): string {
    return name.includes('/') ? name : `${this.config.orgName}/${name}`;
  }

  getPolicies(enforcerName: string, adapterId?: string) {
    return this.request.get('/get-policies', { params: { id: this.idOf(enforcerName), adapterId } });
  }

  private modifyPolicy(method: string, enforcer: { owner?: string; name: string }, policies: CasbinRule[]) {
    const data = method === 'update-policy' ? JSON.stringify(policies) : JSON.stringify(policies[0]);
    const owner = enforcer.owner || this.config.orgName;
    return this.request.post(`/${method}`, data, { params: { id: `${owner}/${enforcer.name}` } });
  }

  addPolicy(enforcer: { owner?: string; name: string }, policy: CasbinRule) {
    return this.modifyPolicy('add-policy', enforcer, [policy]);
  }

  updatePolicy(enforcer: { owner?: string; name: string }, oldPolicy: CasbinRule, newPolicy: CasbinRule) {
    return this.modifyPolicy('update-policy', enforcer, [oldPolicy, newPolicy]);
  }

  removePolicy(enforcer: { owner?: string; name: string }, policy: CasbinRule) {
    return this.modifyPolicy('remove-policy', enforcer, [policy]);
  }

  getFilteredPolicies(enforcerId: string, filters: { ptype: string; fieldIndex?: number; fieldValues?: string[] }[]) {
    return this.request.post('/get-filtered-policies', filters, { params: { id: this.idOf(enforcerId) } });
  }

  /** A JSON post through the SDK's own client (its credentials), to read the whole envelope of a call. */
  postJson(path: string, body: unknown, params: Record<string, string> = {}) {
    return this.request.post(path, body, { params });
  }

  /**
   * A multipart form post through the SDK's own client (its credentials), built as the SDK builds
   * its MFA forms, for the fields the SDK's own call leaves out.
   */
  postForm(path: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return this.request.post(path, form, { headers: form.getHeaders() });
  }
}

/** The SDK as an application configures it: its client credentials, its organization and name. */
export function sdkFor(endpoint: string, app: SdkApplication, orgName: string, certificate = ''): CasdoorSdk {
  return new CasdoorSdk({
    endpoint,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    certificate,
    orgName,
    appName: app.name,
  });
}

/**
 * What each SDK suite starts from: the global administrator signed in, the organization `orgName`
 * (added unless it is built-in) and the SDK of a new application `appName` of the built-in
 * organization, configured for `orgName`.
 */
export async function sdkSuite(
  endpoint: string,
  orgName: string,
  appName: string,
): Promise<{ admin: ApiClient; sdk: CasdoorSdk }> {
  const admin = new ApiClient(endpoint);
  expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
  if (orgName !== 'built-in') {
    expect((await admin.post('/api/add-organization', { owner: 'admin', name: orgName })).status).toBe('ok');
  }
  const app = await createOAuthApplication(admin, appName);
  return { admin, sdk: sdkFor(endpoint, app, orgName) };
}

/** The envelope of an SDK call's answer. */
export function answerOf(response: { data: unknown }): CasdoorAnswer {
  return response.data as CasdoorAnswer;
}

/** Casdoor's answer to a write that changed something ({status:'ok', data:'Affected'}). */
export function expectAffected(response: { data: unknown }, what = 'write'): void {
  const answer = answerOf(response);
  expect(answer, `${what}: ${answer.msg}`).toMatchObject({ status: 'ok', data: 'Affected' });
}

/** The record of a get-x answer ({status:'ok', data: record}), or null when there is none. */
export function recordOf(response: { data: unknown }): Row | null {
  const answer = answerOf(response);
  expect(answer.status, answer.msg).toBe('ok');
  return answer.data as Row | null;
}

/** The records of a get-xs answer ({status:'ok', data: [...]}). */
export function rowsOf(response: { data: unknown }): Row[] {
  const answer = answerOf(response);
  expect(answer.status, answer.msg).toBe('ok');
  expect(Array.isArray(answer.data)).toBe(true);
  return answer.data as Row[];
}

/** The names of a list's records. */
export function namesOf(response: { data: unknown }): string[] {
  return rowsOf(response).map((row) => String(row.name));
}

/** The refusal of a call an application may not make ({status:'error'} with the unauthorized code). */
export function expectRefused(response: { data: unknown }): void {
  expect(answerOf(response)).toMatchObject({ status: 'error', code: 'unauthorized', msg: 'Unauthorized operation' });
}

/**
 * A record for an SDK method, whose declared types make fields required that Casdoor's server
 * treats as optional (created times, hosts) and lag behind the server's fields (a plan's price and
 * period): the values a test sends, typed as the method takes them.
 */
export function sdkRecord<T>(values: Partial<NoInfer<T>> & { owner: string; name: string } & Row): T {
  return values as T;
}

/** The form of the SDK's MFA calls (MfaData); its mfaType is an enum the package does not export. */
export type MfaData = Parameters<CasdoorSdk['initiateMfa']>[0];

/** MfaData for owner/name and an MFA type as Casdoor names them (app, sms, email, or any text to test). */
export function mfaData(owner: string, name: string, mfaType: string): MfaData {
  return { owner, name, mfaType } as MfaData;
}

/** The certificate of the built-in cert, which the SDK's parseJwtToken verifies tokens with. */
export async function builtInCertificate(admin: ApiClient): Promise<string> {
  const cert = await admin.get('/api/get-cert', { id: 'admin/cert-built-in' });
  return String(cert.data.certificate);
}
