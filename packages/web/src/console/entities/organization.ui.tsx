import type { Rec } from '../../shared/data/client';
import type { EntityOverrides } from './ui-types';

const name = (record: Rec) => encodeURIComponent(String(record.name));

/**
 * Organizations: two extra row actions on the
 * list. The edit form's controls and rules are in organization.edit.tsx. Who may change what (the
 * built-in organization's name, navItems and widgetItems for global admins only) comes from the
 * definition.
 */
const overrides: EntityOverrides = {
  listActions: [
    { key: 'groups', label: 'nav.groups', to: (record) => `/trees/${name(record)}` },
    { key: 'users', label: 'nav.users', to: (record) => `/organizations/${name(record)}/users` },
  ],
};

export default overrides;
