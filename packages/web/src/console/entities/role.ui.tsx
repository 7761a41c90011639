import { textOf as text } from '../../shared/data/text';
import { MembersField } from './members-field';
import { SheetUploadButton } from './sheet-upload';
import type { EntityOverrides, FieldControlProps, ListToolbarProps } from './ui-types';

/** A role's sub-roles: other roles of its organization; never the role itself. */
function SubRolesField(props: FieldControlProps) {
  const { stored } = props;
  return <MembersField {...props} entity="role" exclude={[`${text(stored.owner)}/${text(stored.name)}`]} />;
}

/** The list's .xlsx upload (.xlsx files only). */
function RoleUpload(props: ListToolbarProps) {
  return <SheetUploadButton {...props} entity="role" />;
}

/**
 * Roles: users and groups are the generic pickers of the organization's records
 * (ids owner/name), sub-roles exclude the role itself, domains are free tags; the list uploads .xlsx.
 */
const overrides: EntityOverrides = {
  fieldControls: { roles: SubRolesField },
  listToolbar: RoleUpload,
};

export default overrides;
