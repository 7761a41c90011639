import { ADMIN_OWNER, user as userDef } from '@gatehouse/entities';
import {
  A_APP_ID,
  A_PAYMENT,
  A_REDIRECT_URI,
  A_SESSION,
  A_USER,
  APP_A,
  api,
  body,
  byRule,
  casPath,
  entityRoutePolicies,
  everyone,
  except,
  LDAP_A_ID,
  none,
  ORG_A,
  protocol,
  q,
  type RoutePolicy,
  readRow,
  signedIn,
  WEBHOOK_EVENT,
} from './authorization-matrix.js';

/**
 * The authorization matrix's rows for the routes other than the registry's CRUD routes, written out
 * one by one (the CRUD rows come from the access rules: ./authorization-matrix.ts).
 */
/** Routes other than the generic CRUD routes of the registry, one row each. */
export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  // OpenID Connect discovery and keys: public, never a private key.
  'GET /.well-known/jwks': protocol(everyone('open')),
  'GET /.well-known/openid-configuration': protocol(everyone('open')),
  'GET /.well-known/oauth-authorization-server': protocol(everyone('open')),
  'GET /.well-known/:application/jwks': protocol(everyone('open'), () => ({ path: `/.well-known/${APP_A}/jwks` })),
  'GET /.well-known/:application/openid-configuration': protocol(everyone('open'), () => ({
    path: `/.well-known/${APP_A}/openid-configuration`,
  })),
  'GET /.well-known/:application/oauth-authorization-server': protocol(everyone('open'), () => ({
    path: `/.well-known/${APP_A}/oauth-authorization-server`,
  })),
  // OAuth endpoints authenticate the client themselves.
  'POST /api/login/oauth/access_token': protocol(everyone('open'), body({ grant_type: 'client_credentials', client_id: 'x' })),
  'POST /api/login/oauth/refresh_token': protocol(everyone('open'), body({ grant_type: 'refresh_token', refresh_token: 'x' })),
  'POST /api/login/oauth/introspect': protocol(everyone('open'), body({ token: 'x' })),
  'POST /api/login/oauth/revoke': protocol(everyone('open'), body({ token: 'x' })),
  'POST /api/device-auth': protocol(everyone('open'), body({ client_id: 'x' })),
  'GET /api/userinfo': protocol(everyone('open')),
  'POST /api/userinfo': protocol(everyone('open')),
  // SAML and CAS.
  'GET /api/saml/metadata': protocol(everyone('open'), q({ application: A_APP_ID })),
  'GET /api/saml/redirect/:owner/:application': protocol(everyone('open'), () => ({
    path: `/api/saml/redirect/${ADMIN_OWNER}/${APP_A}`,
    query: { SAMLRequest: 'x' },
  })),
  'POST /api/saml/redirect/:owner/:application': protocol(everyone('open'), () => ({
    path: `/api/saml/redirect/${ADMIN_OWNER}/${APP_A}`,
    body: { SAMLRequest: 'x' },
  })),
  'GET /api/get-saml-login': protocol(everyone('open'), q({ id: `${ORG_A}/mx-provider`, relayState: 'x' })),
  'OPTIONS /api/acs': protocol(everyone('open')),
  'POST /api/acs': protocol(everyone('open'), body({ SAMLResponse: 'x', RelayState: 'x' })),
  'GET /cas/:organization/:application/validate': protocol(everyone('open'), casPath('validate')),
  'GET /cas/:organization/:application/serviceValidate': protocol(everyone('open'), casPath('serviceValidate')),
  'GET /cas/:organization/:application/proxyValidate': protocol(everyone('open'), casPath('proxyValidate')),
  'GET /cas/:organization/:application/p3/serviceValidate': protocol(everyone('open'), casPath('p3/serviceValidate')),
  'GET /cas/:organization/:application/p3/proxyValidate': protocol(everyone('open'), casPath('p3/proxyValidate')),
  'GET /cas/:organization/:application/proxy': protocol(everyone('open'), () => ({
    path: `/cas/${ORG_A}/${APP_A}/proxy`,
    query: { pgt: 'PGT-unknown', targetService: 'http://127.0.0.1/' },
  })),
  'POST /cas/:organization/:application/samlValidate': protocol(everyone('open'), () => ({
    path: `/cas/${ORG_A}/${APP_A}/samlValidate`,
    query: { TARGET: 'http://127.0.0.1/cb' },
  })),
  // Stored files are public by their unguessable path (resources); metrics for the global admin.
  'GET /files/*': protocol(everyone('open'), () => ({ path: `/files/${ORG_A}/mx-resource.txt` })),
  'GET /metrics': protocol(byRule('globalAdmin')),
  'GET /api/metrics': api(byRule('globalAdmin')),

  // Public calls of the sign-in, sign-up and forgotten-password pages.
  'GET /api/health': api(everyone('ok')),
  'GET /api/get-version-info': api(everyone('ok')),
  'POST /api/login': api(everyone('open'), body({ type: 'login', application: APP_A, organization: ORG_A, username: 'mx-user' })),
  'POST /api/signup': api(everyone('open'), body({ application: APP_A, organization: ORG_A })),
  'GET /api/get-default-application': api(everyone('ok'), q({ id: `${ADMIN_OWNER}/${ORG_A}` })),
  'GET /api/get-organization-names': api(everyone('ok')),
  'GET /api/get-app-login': api(everyone('open'), q({ clientId: 'unknown', responseType: 'code', redirectUri: 'http://x' })),
  'POST /api/provider-auth-url': api(everyone('open'), body({ application: APP_A, provider: 'mx-provider' })),
  'GET /api/get-captcha': api(everyone('open'), q({ applicationId: A_APP_ID })),
  'GET /api/get-captcha-status': api(everyone('open'), q({ id: A_USER })),
  'POST /api/verify-captcha': api(everyone('open'), body({ captchaType: 'Default', captchaToken: 'x', clientSecret: 'x' })),
  'POST /api/send-verification-code': api(everyone('open'), body({ applicationId: A_APP_ID, dest: 'nobody@example.com' })),
  'POST /api/verify-code': api(everyone('open'), body({ application: APP_A, username: 'mx-user', code: '000000' })),
  'GET /api/get-email-and-phone': api(everyone('open'), q({ organization: ORG_A, username: 'mx-user' })),
  'POST /api/reset-email-or-phone': api(signedIn('open'), body({ type: 'email', dest: 'x@example.com', code: '000000' })),
  'GET /api/webauthn/signup/begin': api(signedIn('open')),
  'POST /api/webauthn/signup/finish': api(signedIn('open'), body({})),
  'GET /api/webauthn/signin/begin': api(everyone('open'), q({ owner: ORG_A, name: 'mx-user' })),
  'POST /api/webauthn/signin/finish': api(everyone('open'), body({})),
  // Gateways report payments without a session; the report is checked against the payment's provider.
  'POST /api/notify-payment/:owner/:payment': api(everyone('open'), () => ({
    path: `/api/notify-payment/${ORG_A}/mx-payment`,
    body: { state: 'Paid' },
  })),

  // The signed-in account.
  'GET /api/get-account': api(except(signedIn('ok'), { apiClient: 'deny' })),
  'GET /api/logout': api(everyone('open'), none, { ownSession: true }),
  'POST /api/logout': api(everyone('ok'), none, { ownSession: true }),
  'GET /api/user': api(except(signedIn('ok'), { apiClient: 'deny' })),
  // Only the caller's own browser (logoutAll=0): a GET with a session cookie is refused.
  'GET /api/sso-logout': api(
    except(everyone('ok'), { member: 'deny', otherAdmin: 'deny', orgAdmin: 'deny', globalAdmin: 'deny' }),
    q({ logoutAll: '0' }),
    { ownSession: true },
  ),
  'POST /api/sso-logout': api(everyone('ok'), q({ logoutAll: '0' }), { ownSession: true }),
  'POST /api/set-password': api(
    byRule('orgAdmin', 'pass'),
    body({ userOwner: ORG_A, userName: 'mx-user', oldPassword: 'wrong', newPassword: 'Mx-Changed-9' }),
    { ownSession: true },
  ),
  // Multi-factor setup, passkeys and consents of a user: the user, or an administrator of the user's organization.
  'POST /api/mfa/setup/initiate': api(byRule('orgAdmin', 'pass'), body({ owner: ORG_A, name: 'mx-user', mfaType: 'app' })),
  'POST /api/mfa/setup/verify': api(
    byRule('orgAdmin', 'pass'),
    body({ owner: ORG_A, name: 'mx-user', mfaType: 'app', passcode: '000000' }),
  ),
  'POST /api/mfa/setup/enable': api(byRule('orgAdmin', 'pass'), body({ owner: ORG_A, name: 'mx-user', mfaType: 'app' })),
  'POST /api/delete-mfa': api(byRule('orgAdmin', 'pass'), body({ owner: ORG_A, name: 'mx-user' })),
  'POST /api/set-preferred-mfa': api(byRule('orgAdmin', 'pass'), body({ owner: ORG_A, name: 'mx-user', mfaType: 'app' })),
  'POST /api/webauthn/delete-credential': api(byRule('orgAdmin', 'pass'), body({ id: A_USER, credentialID: 'x' })),
  // Consent is granted by the user only; administrators of the user's organization may take it back.
  'POST /api/grant-consent': api(everyone('deny'), (f) => ({
    body: {
      user: A_USER,
      application: A_APP_ID,
      clientId: f.targets.application?.clientId,
      redirectUri: A_REDIRECT_URI,
      scope: 'openid',
      grantedScopes: ['openid'],
    },
  })),
  'POST /api/revoke-consent': api(byRule('orgAdmin', 'pass'), body({ user: A_USER, application: A_APP_ID, scopes: ['openid'] })),

  // A user's linked accounts and keys: the user and the organization's administrators.
  'GET /api/get-user-application': api(byRule('orgAdmin'), q({ id: A_USER })),
  'GET /api/get-user-identities': api(byRule('orgAdmin'), q({ id: A_USER })),
  'POST /api/unlink': api(byRule('orgAdmin', 'pass'), body({ user: A_USER, providerType: 'GitHub' })),
  'POST /api/add-user-keys': api(byRule('orgAdmin'), body({ owner: ORG_A, name: 'mx-user' })),
  'GET /api/export-users': api(byRule('orgAdmin'), q({ owner: ORG_A })),
  'POST /api/upload-users': api(byRule('orgAdmin', 'pass'), (f, role) => ({
    query: { owner: ORG_A },
    file: { name: 'users.xlsx', type: XLSX, content: f.sheet('users', role) },
  })),
  'POST /api/remove-user-from-group': api(
    byRule('orgAdmin', 'pass'),
    body({ owner: ORG_A, name: 'mx-user', groupName: 'mx-group' }),
  ),

  // Applications' definition files.
  'GET /api/export-application': api(byRule('orgAdmin'), q({ id: A_APP_ID })),
  'POST /api/upload-application': api(byRule('orgAdmin'), (f, role) => ({
    query: { organization: ORG_A },
    file: { name: 'app.html', type: 'text/html', content: f.applicationFile(role) },
  })),
  'GET /api/get-organization-applications': api(byRule('member'), q({ owner: ADMIN_OWNER, organization: ORG_A })),

  // Roles, permissions, enforcement.
  'POST /api/upload-roles': api(byRule('orgAdmin', 'pass'), (f, role) => ({
    query: { owner: ORG_A },
    file: { name: 'roles.xlsx', type: XLSX, content: f.sheet('roles', role) },
  })),
  'POST /api/upload-permissions': api(byRule('member', 'pass'), (f, role) => ({
    query: { owner: ORG_A },
    file: { name: 'permissions.xlsx', type: XLSX, content: f.sheet('permissions', role) },
  })),
  'GET /api/get-permissions-by-role': api(byRule('orgAdmin'), q({ id: `${ORG_A}/mx-role` })),
  'POST /api/update-permissions': api(byRule('orgAdmin', 'pass'), (f) => ({ body: [f.targets.permission] })),
  'POST /api/enforce': api(byRule('member', 'pass'), () => ({
    query: { permissionId: `${ORG_A}/mx-permission` },
    body: ['a', 'b', 'c'],
  })),
  'POST /api/batch-enforce': api(byRule('member', 'pass'), () => ({
    query: { permissionId: `${ORG_A}/mx-permission` },
    body: [['a', 'b', 'c']],
  })),
  'POST /api/enforce-explain': api(byRule('member', 'pass'), () => ({
    query: { permissionId: `${ORG_A}/mx-permission` },
    body: ['a', 'b', 'c'],
  })),
  'GET /api/get-enforce-fields': api(byRule('member', 'pass'), q({ permissionId: `${ORG_A}/mx-permission` })),
  'POST /api/simulate-permission': api(byRule('orgAdmin', 'pass'), (f) => ({
    query: { id: `${ORG_A}/mx-permission` },
    body: f.targets.permission,
  })),
  'GET /api/get-all-objects': api(byRule('member'), q({ userId: A_USER })),
  'GET /api/get-all-actions': api(byRule('member'), q({ userId: A_USER })),
  'GET /api/get-all-roles': api(byRule('member'), q({ userId: A_USER })),
  'GET /api/get-policies': api(byRule('orgAdmin', 'pass'), q({ id: `${ORG_A}/mx-enforcer` })),
  'POST /api/get-filtered-policies': api(byRule('orgAdmin', 'pass'), () => ({
    query: { id: `${ORG_A}/mx-enforcer` },
    body: [{ ptype: 'p', fieldIndex: 0, fieldValues: ['x'] }],
  })),
  'POST /api/add-policy': api(byRule('orgAdmin', 'pass'), () => ({
    query: { id: `${ORG_A}/mx-enforcer` },
    body: { ptype: 'p', v0: 'mx', v1: 'data', v2: 'read' },
  })),
  'POST /api/update-policy': api(byRule('orgAdmin', 'pass'), () => ({
    query: { id: `${ORG_A}/mx-enforcer` },
    body: [
      { ptype: 'p', v0: 'mx', v1: 'data', v2: 'read' },
      { ptype: 'p', v0: 'mx', v1: 'data', v2: 'write' },
    ],
  })),
  'POST /api/remove-policy': api(byRule('orgAdmin', 'pass'), () => ({
    query: { id: `${ORG_A}/mx-enforcer` },
    body: { ptype: 'p', v0: 'nobody', v1: 'data', v2: 'read' },
  })),

  // Business.
  // Products are sold to members of their organization only, global admins included.
  'POST /api/buy-product': api(
    except(byRule('member', 'pass'), { globalAdmin: 'deny' }),
    q({ id: `${ORG_A}/mx-product`, providerName: 'mx-provider' }),
  ),
  'POST /api/invoice-payment': api(byRule('orgAdmin', 'pass'), q({ id: A_PAYMENT })),
  'GET /api/get-payment-invoice': api(byRule('orgAdmin', 'pass'), q({ id: A_PAYMENT })),

  // Directories and syncers: administrators of their organization.
  'GET /api/get-ldap-users': api(byRule('orgAdmin', 'pass'), q({ id: `${ORG_A}/${LDAP_A_ID}` })),
  'POST /api/sync-ldap-users': api(byRule('orgAdmin', 'pass'), () => ({ query: { id: `${ORG_A}/${LDAP_A_ID}` }, body: [] })),
  'GET /api/run-syncer': api(byRule('orgAdmin', 'pass'), q({ id: `${ADMIN_OWNER}/mx-syncer` })),
  'POST /api/test-syncer-db': api(byRule('orgAdmin', 'pass'), (f) => ({ body: f.targets.syncer })),

  // Providers, messaging and storage.
  'POST /api/fetch-saml-metadata': api(
    except(byRule('orgAdmin', 'pass'), { otherAdmin: 'pass' }),
    body({ url: 'http://127.0.0.1:9/' }),
  ),
  'POST /api/send-email': api(
    byRule('orgAdmin', 'pass'),
    body({ owner: ORG_A, provider: 'mx-provider', receivers: ['x@example.com'] }),
  ),
  'POST /api/send-sms': api(byRule('orgAdmin', 'pass'), () => ({
    query: { provider: 'mx-provider' },
    body: { owner: ORG_A, organizationId: `${ADMIN_OWNER}/${ORG_A}`, receivers: ['+15550000000'], content: 'x' },
  })),
  'POST /api/send-notification': api(byRule('orgAdmin', 'pass'), () => ({
    query: { provider: 'mx-provider' },
    body: { owner: ORG_A, content: 'x' },
  })),
  'POST /api/upload-resource': api(byRule('orgAdmin', 'pass'), (_f, role) => ({
    query: {
      owner: ORG_A,
      user: 'mx-user',
      application: APP_A,
      tag: 'custom',
      fullFilePath: `resource/${ORG_A}/mx-upload-${role}.txt`,
    },
    file: { name: `mx-upload-${role}.txt`, type: 'text/plain', content: 'hello' },
  })),

  // Dashboards, records, sessions, webhook events, system information.
  'GET /api/get-dashboard': api(byRule('orgAdmin'), q({ owner: ORG_A })),
  'POST /api/get-records-filter': api(byRule('orgAdmin'), body({ organization: ORG_A })),
  'GET /api/get-user-count': api(byRule('orgAdmin'), q({ owner: ORG_A })),
  'GET /api/get-sorted-users': api(readRow(userDef, 'list'), q({ owner: ORG_A, sorter: 'created_time', limit: '5' })),
  'POST /api/check-user-password': api(byRule('orgAdmin', 'pass'), body({ owner: ORG_A, name: 'mx-nobody', password: 'wrong' })),
  'GET /api/get-sessions': api(byRule('orgAdmin'), q({ owner: ORG_A })),
  'GET /api/get-session': api(byRule('orgAdmin'), q({ sessionPkId: A_SESSION })),
  'POST /api/add-session': api(byRule('orgAdmin'), (_f, role) => ({
    body: { owner: ORG_A, name: 'mx-user', application: 'app-built-in', sessionId: [`mx-added-${role}`] },
  })),
  'POST /api/update-session': api(byRule('orgAdmin'), (_f, role) => ({
    body: { owner: ORG_A, name: 'mx-user', application: 'app-built-in', sessionId: [`mx-updated-${role}`] },
  })),
  'POST /api/delete-session': api(byRule('orgAdmin'), body({ owner: ORG_A, name: 'mx-user', application: 'app-built-in' })),
  'GET /api/is-session-duplicated': api(byRule('orgAdmin'), q({ sessionPkId: A_SESSION, sessionId: 'x' })),
  // Another organization's administrator is held to their own deliveries (none of A's: the private mark checks it).
  'GET /api/get-webhook-events': api(except(byRule('orgAdmin'), { otherAdmin: 'ok' }), q({ organization: ORG_A })),
  'GET /api/get-webhook-event-detail': api(byRule('orgAdmin'), q({ id: `${ADMIN_OWNER}/${WEBHOOK_EVENT}` })),
  'POST /api/replay-webhook-event': api(byRule('orgAdmin', 'pass'), q({ id: `${ADMIN_OWNER}/${WEBHOOK_EVENT}` })),
  'POST /api/delete-webhook-event': api(byRule('orgAdmin'), (_f, role) => ({
    body: { owner: ADMIN_OWNER, name: `${WEBHOOK_EVENT}-${role}`.toLowerCase() },
  })),
  'GET /api/get-system-info': api(byRule('globalAdmin')),
  'GET /api/get-prometheus-info': api(byRule('globalAdmin')),
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every route's row: the registry's CRUD routes and the others. */
export function allRoutePolicies(): Record<string, RoutePolicy> {
  return { ...entityRoutePolicies(), ...ROUTE_POLICIES };
}
