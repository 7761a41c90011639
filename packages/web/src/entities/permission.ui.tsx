import {
  ALL,
  hasDomainDefinition,
  hasRoleDefinition,
  isAdmin,
  nowRfc3339,
  permissionActions,
  permissionApiPaths,
  permissionProblem,
} from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Select, Typography } from 'antd';
import { RefMultiSelect, RefSelect } from '../crud/ref-select';
import { getOne } from '../data/entities';
import { textOf as text } from '../data/text';
import { useTranslation } from '../i18n/i18n';
import { definitionOf } from './definitions';
import { PermissionExplainPanel } from './enforce-explain-panel';
import { MembersField } from './members-field';
import { SheetUploadButton } from './sheet-upload';
import type { EntityOverrides, FieldControlProps, FormContext, ListToolbarProps } from './ui-types';

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** The organization being edited: the form's owner, else the stored one. */
function useOwner(stored: Record<string, unknown>): string {
  return text(Form.useWatch('owner') ?? stored.owner);
}

/** The "All" choice of users, groups, roles, domains and resources (Casdoor's value "*"). */
function useAllOption() {
  const { t } = useTranslation();
  return { value: ALL, label: t('general.all') };
}

/** Users, groups or roles of the permission's organization (ids owner/name), or All. */
function AnyMembersField(props: FieldControlProps & { entity: string }) {
  const all = useAllOption();
  return <MembersField {...props} extraOptions={[all]} />;
}

function UsersField(props: FieldControlProps) {
  return <AnyMembersField {...props} entity="user" />;
}

function GroupsField(props: FieldControlProps) {
  return <AnyMembersField {...props} entity="group" />;
}

/**
 * The text of the permission's model (get-model), or null while it cannot be had: no model chosen,
 * none stored under that id, or no models on this server (the entity is not registered, so nothing
 * is asked). A model that cannot be loaded defines no roles.
 */
function useModelText(model: string): string | null {
  const modelDefinition = definitionOf('model');
  const slash = model.indexOf('/');
  const query = useQuery({
    queryKey: ['record', 'model', model],
    queryFn: async () => {
      if (!modelDefinition) return '';
      const envelope = await getOne(modelDefinition, model.slice(0, slash), model.slice(slash + 1));
      return envelope.status === 'ok' ? text(envelope.data?.modelText) : '';
    },
    enabled: slash > 0 && !!modelDefinition,
    retry: false,
    staleTime: 30_000,
  });
  return query.data ?? null;
}

/**
 * The roles: only where the model defines roles (a [role_definition] section); otherwise disabled,
 * with the reason beside it (spec part 2 §2.11).
 */
function RolesField(props: FieldControlProps) {
  const { t } = useTranslation();
  const model = text(Form.useWatch('model') ?? props.stored.model);
  const roles = hasRoleDefinition(useModelText(model));
  return (
    <Flex vertical gap={4}>
      <AnyMembersField {...props} entity="role" disabled={props.disabled || !roles} />
      {!roles && <Typography.Text type="secondary">{t('permission.rolesNeedRoleDefinition')}</Typography.Text>}
    </Flex>
  );
}

/** The model: a model of the organization by id owner/name, searched on the server. */
function ModelField({ id, value, onChange, disabled, stored }: FieldControlProps) {
  const owner = useOwner(stored);
  const modelDefinition = definitionOf('model');
  if (!modelDefinition) return null;
  return (
    <RefSelect
      id={id}
      definition={modelDefinition}
      organization={owner}
      by="id"
      value={text(value) || undefined}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
    />
  );
}

/** Domains: free tags, or All. */
/** Domains: free tags, only where the model's request has a `dom` field (the server drops them otherwise). */
function DomainsField({ id, value, onChange, disabled, stored }: FieldControlProps) {
  const { t } = useTranslation();
  const all = useAllOption();
  const values = asList(value);
  const model = text(Form.useWatch('model') ?? stored.model);
  const domains = hasDomainDefinition(useModelText(model));
  return (
    <Flex vertical gap={4}>
      <Select
        id={id}
        mode="tags"
        value={values}
        onChange={(next: string[]) => onChange?.(next)}
        disabled={disabled || !domains}
        tokenSeparators={[',']}
        options={[all, ...values.filter((v) => v !== ALL).map((v) => ({ value: v, label: v }))]}
      />
      {!domains && <Typography.Text type="secondary">{t('permission.domainsNeedDomainDefinition')}</Typography.Text>}
    </Flex>
  );
}

/**
 * Resources by resource type (Casdoor's): Custom takes free tags; API the API calls; Application and
 * TreeNode the organization's applications (searched on the server) or All.
 */
function ResourcesField({ id, value, onChange, disabled, stored }: FieldControlProps) {
  const owner = useOwner(stored);
  const all = useAllOption();
  const type = text(Form.useWatch('resourceType') ?? stored.resourceType);
  const values = asList(value);
  const change = (next: string[]) => onChange?.(next);
  const applications = definitionOf('application');
  if (type === 'Custom') {
    return <Select id={id} mode="tags" value={values} onChange={change} disabled={disabled} tokenSeparators={[',']} />;
  }
  if (type === 'API' || !applications) {
    const options = permissionApiPaths().map((path) => ({ value: path, label: path }));
    return <Select id={id} mode="multiple" value={values} onChange={change} disabled={disabled} options={options} />;
  }
  return (
    <RefMultiSelect
      id={id}
      definition={applications}
      organization={owner}
      by="name"
      value={values}
      onChange={change}
      disabled={disabled}
      extraOptions={[all]}
    />
  );
}

/** Actions by resource type: free tags for Custom, else the type's actions. */
function ActionsField({ id, value, onChange, disabled, stored }: FieldControlProps) {
  const { t } = useTranslation();
  const type = text(Form.useWatch('resourceType') ?? stored.resourceType);
  const actions = permissionActions(type);
  const values = asList(value);
  const change = (next: string[]) => onChange?.(next);
  if (!actions)
    return <Select id={id} mode="tags" value={values} onChange={change} disabled={disabled} tokenSeparators={[',']} />;
  const options = actions.map((action) => ({ value: action, label: t(`permission.action${action}`, { defaultValue: action }) }));
  return <Select id={id} mode="multiple" value={values} onChange={change} disabled={disabled} options={options} />;
}

const listValues = (values: Record<string, unknown>) => ({
  users: asList(values.users),
  roles: asList(values.roles),
  resources: asList(values.resources),
  actions: asList(values.actions),
});

/** The rule of spec §5.3 that a field shows, when it is that field's. */
const ruleOf =
  (key: ReturnType<typeof permissionProblem>) =>
  (_: unknown, values: Record<string, unknown>): string | null => {
    const problem = permissionProblem(listValues(values));
    return problem === key ? `permission.${key}` : null;
  };

/**
 * Approval (spec §4.3): Approved shows the signed-in account as approver, now as approve time;
 * Pending clears both (the server records them the same way). A new resource type clears the
 * resources.
 */
function permissionValuesChange(changed: Record<string, unknown>, _all: Record<string, unknown>, { account }: FormContext) {
  if ('resourceType' in changed) return { resources: [] };
  if ('state' in changed) {
    return changed.state === 'Approved'
      ? { approver: account?.user.name ?? '', approveTime: nowRfc3339() }
      : { approver: '', approveTime: '' };
  }
  return undefined;
}

/** The list's .xlsx upload (spec part 2 §5.4). */
function PermissionUpload(props: ListToolbarProps) {
  return <SheetUploadButton {...props} entity="permission" />;
}

/**
 * Permissions (spec part 2 §2.11, §4.3, §5.3): members pickers with All, the roles only where the
 * model defines roles, resources and actions by resource type; the form refuses what the server
 * refuses, with the same messages; the list uploads .xlsx.
 */
const overrides: EntityOverrides = {
  fieldControls: {
    model: ModelField,
    users: UsersField,
    groups: GroupsField,
    roles: RolesField,
    domains: DomainsField,
    resources: ResourcesField,
    actions: ActionsField,
  },
  onValuesChange: permissionValuesChange,
  fieldRules: {
    users: ruleOf('permissionUsersAndRolesEmpty'),
    resources: ruleOf('permissionResourcesEmpty'),
    actions: ruleOf('permissionActionsEmpty'),
    // A member who is no administrator changes only what they submitted.
    name: (_value, values, viewer) =>
      viewer && !isAdmin(viewer) && text(values.submitter) !== viewer.name ? 'permission.permissionNotSubmitter' : null,
  },
  listToolbar: PermissionUpload,
  // Beyond Casdoor: ask the permission about a request, and see what saving an edit would change.
  formExtras: [PermissionExplainPanel],
};

export default overrides;
