import fs from 'node:fs';
import { ENTITIES, type EntityDefinition, type FieldSpec, isReadOnly } from '@gatehouse/entities';
import type { APIRequestContext, Page } from '@playwright/test';
import { unique } from '../support/api.js';
import { addButton, deleteRow, save } from '../support/console.js';
import { adminTest, expect, heading, rowOf, toast } from '../support/fixtures.js';

/**
 * The generic CRUD of every entity with an edit page, generated from the definitions: as a global
 * admin, list → Add → change a text field → Save → find the record in the list → Delete. An entity
 * declared later is covered the day it is declared; what an entity needs beyond the generic path
 * is data below, keyed by its name.
 */

const labels: Record<string, Record<string, unknown>> = JSON.parse(
  fs.readFileSync(new URL('../../packages/web/src/shared/i18n/locales/en.json', import.meta.url), 'utf8'),
);

/** The English label of a field (the console's `<entity>.<field>`). */
function labelOf(def: EntityDefinition, name: string): string {
  const label = labels[def.name]?.[name];
  if (typeof label !== 'string') throw new Error(`no English label for ${def.name}.${name}`);
  return label;
}

/** The English name of an entity's list (nav.<plural>). */
function listTitle(def: EntityDefinition): string {
  const title = labels.nav?.[def.plural];
  if (typeof title !== 'string') throw new Error(`no English title for nav.${def.plural}`);
  return title;
}

/** The text field the test edits: the display name where there is one, else a free text field of the form. */
function editedField(def: EntityDefinition): string {
  const free = (name: string) => {
    const spec: FieldSpec = def.fields[name] as FieldSpec;
    return (
      spec.kind === 'text' &&
      !['owner', 'name'].includes(name) &&
      (spec.format === undefined || spec.format === 'multiline') &&
      !spec.ref &&
      !spec.serverOnly &&
      !spec.editable &&
      !spec.check
    );
  };
  const preferred = ['displayName', 'description', 'scope'].find((name) => def.form.includes(name) && free(name));
  const chosen = preferred ?? def.form.find(free);
  if (!chosen) throw new Error(`${def.name}: no free text field to edit; add one to the data of this test`);
  return chosen;
}

interface Special {
  /** Creates the record another way than Add (the list has none), answering its name. */
  create?: (api: APIRequestContext) => Promise<string>;
  /** The field edited and its new value, where no free text field fits (a table name is an identifier). */
  edit?: { field: string; value: () => string };
  /** The edit page is a read-only detail (transactions): the field is shown disabled and there is no Save. */
  readOnly?: true;
}

const SPECIAL: Record<string, Special> = {
  // An adapter's only free field is its table name, an SQL identifier.
  adapter: { edit: { field: 'table', value: () => `crud_${unique('t')}` } },
  // A payment's only editable fields are its invoice details, saved only when they pass the invoice
  // checks (a paid payment with a person's details): such a payment is made through the API.
  payment: {
    create: async (api) => {
      const name = unique('payment');
      const added = await api.post('/api/add-payment', {
        data: {
          owner: 'built-in',
          name,
          state: 'Paid',
          user: 'admin',
          provider: 'provider_payment_dummy',
          personName: 'Alice Liddell',
          personIdCard: 'ID-1',
          personEmail: 'alice@example.com',
          personPhone: '13800000000',
          invoiceType: 'Individual',
        },
      });
      const answer = await added.json();
      expect(answer.status, answer.msg).toBe('ok');
      return name;
    },
    edit: { field: 'invoiceRemark', value: () => `Remark ${unique('r')}` },
  },
  // Transactions record what happened: their detail page is read-only.
  transaction: { readOnly: true },
  // A webhook's free text is its URL.
  webhook: { edit: { field: 'url', value: () => `https://hooks.example.com/${unique('crud')}` } },
  // Resources come from uploads: their list has no Add.
  resource: {
    create: async (api) => {
      const file = `${unique('crud')}.csv`;
      const upload = await api.post(
        `/api/upload-resource?${new URLSearchParams({
          owner: 'built-in',
          user: 'admin',
          application: 'app-built-in',
          tag: 'custom',
          parent: 'ResourceListPage',
          // As the console's upload names it: resource/<organization>/<user>/<file>.
          fullFilePath: `resource/built-in/admin/${file}`,
        })}`,
        { multipart: { file: { name: file, mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') } } },
      );
      const uploaded = await upload.json();
      expect(uploaded.status, uploaded.msg).toBe('ok');
      return `resource/built-in/admin/${file}`;
    },
  },
};

/** The list page of an entity listed on a page of its own. */
function listRoute(def: EntityDefinition): string {
  if (!def.routes.list) throw new Error(`${def.name} is listed on another page`);
  return def.routes.list;
}

/** The list page searched by name, so that the records of other tests stay out of the way. */
async function openList(page: Page, def: EntityDefinition, name: string) {
  await page.goto(`${listRoute(def)}?field=name&value=${encodeURIComponent(name)}`);
  await expect(heading(page, listTitle(def))).toBeVisible();
  await expect(rowOf(page, name)).toBeVisible();
}

/** The record's name, read from the edit page's address after Add (`.../:name?mode=add`). */
function nameFromAddress(page: Page): string {
  const segments = new URL(page.url()).pathname.split('/');
  return decodeURIComponent(segments[segments.length - 1] ?? '');
}

const covered = ENTITIES.filter((def: EntityDefinition) => def.routes.list && def.routes.edit && !isReadOnly(def.access));

/** Entities listed inside another page (LDAP servers, on their organization's): walked by their own spec (ldap.spec.ts). */
const listedElsewhere = ENTITIES.filter((def: EntityDefinition) => !def.routes.list);

/** Entities the console only lists (records written by the server itself, such as verification codes). */
const listedOnly = ENTITIES.filter((def: EntityDefinition) => isReadOnly(def.access));

/** Views of the server's own rows (sessions): a list with Delete only, walked by their own spec (sessions.spec.ts). */
const views = ENTITIES.filter((def: EntityDefinition) => def.view);

adminTest('the generated tests cover every entity', () => {
  expect(covered.map((def) => def.name).sort()).toEqual(
    [
      'adapter',
      'application',
      'cert',
      'enforcer',
      'group',
      'invitation',
      'model',
      'organization',
      'payment',
      'permission',
      'plan',
      'pricing',
      'product',
      'provider',
      'resource',
      'role',
      'subscription',
      'syncer',
      'token',
      'transaction',
      'user',
      'webhook',
    ].sort(),
  );
  expect(listedOnly.map((def) => def.name)).toEqual(['record', 'verification']);
  expect(views.map((def) => def.name)).toEqual(['session']);
  expect(listedElsewhere.map((def) => def.name)).toEqual(['ldap']);
  expect(covered.length + listedOnly.length + views.length + listedElsewhere.length).toBe(ENTITIES.length);
});

for (const def of listedOnly) {
  adminTest(`${def.name}: the list renders read-only, without Add, Edit or Delete`, async ({ page }) => {
    await page.goto(listRoute(def));
    await expect(heading(page, listTitle(def))).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(addButton(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  });
}

for (const def of covered) {
  adminTest(`${def.name}: list, add, edit a field, save, find it in the list, delete`, async ({ page }) => {
    const special = SPECIAL[def.name] ?? {};
    let name: string;
    if (special.create) {
      name = await special.create(page.request);
      await openList(page, def, name);
      await rowOf(page, name).getByRole('link', { name, exact: true }).click();
    } else {
      await page.goto(listRoute(def));
      await expect(heading(page, listTitle(def))).toBeVisible();
      await addButton(page).click();
      await expect(toast(page, 'Successfully added')).toBeVisible();
      await expect(page).toHaveURL(/\?mode=add$/);
      name = nameFromAddress(page);
    }

    const edited = special.edit?.field ?? editedField(def);
    const value = special.edit?.value() ?? `Edited by the CRUD test ${unique('v')}`;
    // The form's input of the field (antd names it <form>_<field>), labelled with the field's label.
    const input = page.locator(`#${def.name}_${edited}`);
    await expect(page.getByText(labelOf(def, edited), { exact: true }).first()).toBeVisible();
    if (special.readOnly) {
      await expect(input).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
      await openList(page, def, name);
      await deleteRow(page, name);
      return;
    }
    await expect(input).toBeEditable();
    await input.fill(value);
    await save(page);
    await expect(input).toHaveValue(value);

    await openList(page, def, name);
    await deleteRow(page, name);
  });
}
