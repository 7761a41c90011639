import type { Page } from '@playwright/test';
import { adminTest, expect, heading, signIn, type Team, teamTest } from '../support/fixtures.js';

/**
 * Every route of the console's route table (docs/product.md, "Routes"), with made-up parameters where
 * no record is needed, loaded as a role that may see it: each renders its level-1 heading at the
 * expected address, with no uncaught page error and no console error. /.well-known/openid-configuration
 * is the server's, not the console's, and is left out.
 *
 * The routes of one area share a page (each is a full load; the browser cache is warm), one step
 * per route with soft assertions, so that one run reports every route that fails, each named by
 * its step and message. Recording a trace of every load would double the time: traces are kept
 * for retries only (CI retries once).
 */
adminTest.use({ trace: 'on-first-retry' });

interface Route {
  path: string;
  heading: string;
  /** Where the route ends up, when it redirects. */
  url?: string;
}

const route = (path: string, heading: string, url?: string): Route => ({ path, heading, url });

const GLOBAL_ADMIN_ROUTES: Record<string, Route[]> = {
  'home and account': [
    route('/', 'Dashboard'),
    route('/apps', 'Apps'),
    route('/shortcuts', 'Shortcuts'),
    route('/account', 'My Account'),
    route('/mfa/setup?mfaType=app', 'Protect your account with multi-factor authentication'),
    route('/404', '404 NOT FOUND'),
  ],
  'user management': [
    route('/organizations', 'Organizations'),
    route('/organizations/built-in', 'Edit Organization'),
    route('/organizations/built-in/users', 'Users of built-in'),
    route('/trees/built-in', 'Users of built-in'),
    route('/trees/built-in/staff', 'Users of group staff'),
    route('/groups', 'Groups'),
    // A group that does not exist: the edit page goes to /404.
    route('/groups/built-in/staff', '404 NOT FOUND', '/404'),
    route('/users', 'Users'),
    // The global admin's own record is titled My Account (the own record).
    route('/users/built-in/admin', 'My Account'),
    route('/invitations', 'Invitations'),
    // An invitation that does not exist: the edit page goes to /404.
    route('/invitations/built-in/invitation1', '404 NOT FOUND', '/404'),
    // An LDAP server that does not exist: its edit and sync pages go to /404.
    route('/ldap/built-in/ldap1', '404 NOT FOUND', '/404'),
    route('/ldap/sync/built-in/ldap1', '404 NOT FOUND', '/404'),
  ],
  identity: [
    route('/applications', 'Applications'),
    route('/applications/built-in/app-built-in', 'Edit Application'),
    route('/providers', 'Providers'),
    route('/providers/admin/provider_captcha_default', 'Edit Provider'),
    // A provider that does not exist: the edit page goes to /404.
    route('/providers/admin/provider1', '404 NOT FOUND', '/404'),
    route('/resources', 'Resources'),
    route('/certs', 'Certs'),
    route('/certs/admin/cert-built-in', 'Edit Cert'),
  ],
  authorization: [
    route('/roles', 'Roles'),
    // A role that does not exist: the edit page goes to /404.
    route('/roles/built-in/role%201', '404 NOT FOUND', '/404'),
    route('/permissions', 'Permissions'),
    route('/permissions/built-in/permission-built-in', 'Edit Permission'),
    route('/models', 'Models'),
    route('/models/built-in/user-model-built-in', 'Edit Model'),
    route('/models/built-in/model1', '404 NOT FOUND', '/404'),
    route('/adapters', 'Adapters'),
    route('/adapters/built-in/user-adapter-built-in', 'Edit Adapter'),
    route('/enforcers', 'Enforcers'),
    route('/enforcers/built-in/user-enforcer-built-in', 'Edit Enforcer'),
  ],
  'logging and auditing': [
    route('/sessions', 'Sessions'),
    route('/records', 'Records'),
    route('/tokens', 'Tokens'),
    // A token that does not exist: the edit page goes to /404.
    route('/tokens/token1', '404 NOT FOUND', '/404'),
    route('/verifications', 'Verifications'),
  ],
  'business and payments': [
    route('/products', 'Products'),
    // Records that do not exist: the edit pages and the buy and result pages go to /404.
    route('/products/built-in/product1', '404 NOT FOUND', '/404'),
    route('/products/built-in/product1/buy', '404 NOT FOUND', '/404'),
    route('/payments', 'Payments'),
    route('/payments/built-in/payment1', '404 NOT FOUND', '/404'),
    route('/payments/built-in/payment1/result', '404 NOT FOUND', '/404'),
    route('/plans', 'Plans'),
    route('/plans/built-in/plan1', '404 NOT FOUND', '/404'),
    route('/pricings', 'Pricings'),
    route('/pricings/built-in/pricing1', '404 NOT FOUND', '/404'),
    route('/subscriptions', 'Subscriptions'),
    route('/subscriptions/built-in/subscription1', '404 NOT FOUND', '/404'),
    route('/transactions', 'Transactions'),
    route('/transactions/built-in/transaction1', '404 NOT FOUND', '/404'),
  ],
  admin: [
    route('/sysinfo', 'System Info'),
    route('/syncers', 'Syncers'),
    // A syncer that does not exist: the edit page goes to /404.
    route('/syncers/syncer1', '404 NOT FOUND', '/404'),
    route('/webhooks', 'Webhooks'),
    // A webhook that does not exist: the edit page goes to /404.
    route('/webhooks/webhook1', '404 NOT FOUND', '/404'),
  ],
};

const ORGANIZATION_ADMIN_ROUTES = ({ org }: Team): Route[] => [
  route('/', 'Dashboard'),
  route('/shortcuts', 'Shortcuts'),
  route('/apps', 'Apps'),
  route('/organizations', 'Organizations'),
  route(`/organizations/${org}`, 'Edit Organization'),
  route(`/organizations/${org}/users`, `Users of ${org}`),
  route('/users', 'Users'),
  route(`/users/${org}/worker`, 'Edit User'),
  route('/account', 'My Account'),
  route(`/trees/${org}`, `Users of ${org}`),
  route('/groups', 'Groups'),
  route('/invitations', 'Invitations'),
  route('/applications', 'Applications'),
  // Organization admins see their certs and the shared ones (read-only).
  route('/certs', 'Certs'),
  route('/certs/admin/cert-built-in', 'Edit Cert'),
  // And their providers and the shared ones (read-only).
  route('/providers', 'Providers'),
  route('/providers/admin/provider_captcha_default', 'Edit Provider'),
  route('/sessions', 'Sessions'),
  route('/records', 'Records'),
  route('/roles', 'Roles'),
  route('/permissions', 'Permissions'),
  route('/products', 'Products'),
  route('/payments', 'Payments'),
  route('/plans', 'Plans'),
  route('/pricings', 'Pricings'),
  route('/subscriptions', 'Subscriptions'),
  route('/transactions', 'Transactions'),
  route('/syncers', 'Syncers'),
  route('/webhooks', 'Webhooks'),
];

const ORDINARY_USER_ROUTES = ({ org }: Team): Route[] => [
  // Home is for administrators; everyone else starts at the app launcher.
  route('/', 'Apps', '/apps'),
  route('/apps', 'Apps'),
  route('/account', 'My Account'),
  // Members may read their own organization.
  route('/organizations', 'Organizations'),
  route(`/organizations/${org}`, 'Edit Organization'),
  // Members list the permissions they submitted.
  route('/permissions', 'Permissions'),
  // Members list their own resources, and their own payments, subscriptions and transactions.
  route('/resources', 'Resources'),
  route('/payments', 'Payments'),
  route('/subscriptions', 'Subscriptions'),
  route('/transactions', 'Transactions'),
];

const SIGNED_OUT_ROUTES: Route[] = [
  route('/login', 'Gatehouse'),
  route('/login/built-in', 'Gatehouse'),
  route('/organizations', 'Gatehouse', '/login'),
  route('/404', '404 NOT FOUND'),
  route('/no/such/page', '404 NOT FOUND'),
  route('/forget/app-built-in', 'Reset password'),
  route('/forget', 'Reset password'),
  route('/signup/app-built-in?invitationCode=abc123', 'Gatehouse'),
  route('/signup', 'Gatehouse'),
  // The public pricing page says when the pricing does not exist.
  route('/select-plan/admin/pricing1', 'pricing1'),
];

async function visitAll(page: Page, routes: Route[]) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  for (const { path, heading: title, url } of routes) {
    await adminTest.step(path, async () => {
      const seen = errors.length;
      await page.goto(path);
      await expect.soft(heading(page, title)).toBeVisible();
      await expect.soft(page).toHaveURL(url ?? path);
      expect.soft(errors.slice(seen), `errors on ${path}`).toEqual([]);
    });
  }
  expect(errors).toEqual([]);
}

for (const [area, routes] of Object.entries(GLOBAL_ADMIN_ROUTES)) {
  adminTest(`the ${area} routes render for a global admin`, async ({ page }) => {
    await visitAll(page, routes);
  });
}

teamTest('the routes an organization admin may see render for them', async ({ page, team }) => {
  // One full load per route, about thirty of them: more than the default minute on a busy machine.
  teamTest.slow();
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await visitAll(page, ORGANIZATION_ADMIN_ROUTES(team));
});

teamTest('the routes an ordinary user may see render for them', async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await visitAll(page, ORDINARY_USER_ROUTES(team));
});

teamTest('the public routes render signed out, and a guarded one leads to the sign-in page', async ({ page }) => {
  await visitAll(page, SIGNED_OUT_ROUTES);
});
