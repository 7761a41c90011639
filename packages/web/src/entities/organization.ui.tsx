import type { Rec } from '../data/client';
import { MfaItemsField } from './organization-mfa-items';
import type { EntityOverrides } from './ui-types';

const name = (record: Rec) => encodeURIComponent(String(record.name));

/** Organizations differ from the generic list only by two row actions: their groups and users. */
const overrides: EntityOverrides = {
  listActions: [
    { key: 'groups', label: 'nav.groups', to: (record) => `/trees/${name(record)}` },
    { key: 'users', label: 'nav.users', to: (record) => `/organizations/${name(record)}/users` },
  ],
  fieldControls: { mfaItems: MfaItemsField },
};

export default overrides;
