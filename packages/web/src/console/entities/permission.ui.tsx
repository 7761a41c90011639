import {
  ALL,
  allows,
  DEFAULT_MODEL_TEXT,
  type EntityDefinition,
  hasDomainDefinition,
  hasRoleDefinition,
  isAdmin,
  nowRfc3339,
  permissionActions,
  permissionApiPaths,
  permissionModelId,
  permissionProblem,
  randomId,
} from '@gatehouse/entities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Select, Typography } from 'antd';
import { type Rec, unwrap } from '../../shared/data/client';
import { textOf as text } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { useAccount } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { RefMultiSelect, RefSelect } from '../crud/ref-select';
import { create, getList, getOne } from '../data/entities';
import { definitionOf } from './definitions';
import { PermissionExplainPanel } from './enforce-explain-panel';
import { MembersField } from './members-field';
import { permissionValuesChange } from './permission-rules';
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
 * The text of the model the permission is read with (get-model), or null while it loads: the model
 * its organization names by name, or by owner/name (permissionModelId); without one, or when none is
 * stored under that id, Casdoor's built-in RBAC model (`isDefault`), as the server reads it. Without
 * models on this server (the entity is not registered) nothing is asked.
 */
function useModel(owner: string, model: string): { text: string; isDefault: boolean } | null {
  const modelDefinition = definitionOf('model');
  const id = permissionModelId({ owner, model });
  const slash = id.indexOf('/');
  const query = useQuery({
    queryKey: ['record', 'model', id],
    queryFn: async () => {
      if (!modelDefinition) return '';
      const envelope = await getOne(modelDefinition, id.slice(0, slash), id.slice(slash + 1));
      return envelope.status === 'ok' ? text(envelope.data?.modelText) : '';
    },
    enabled: slash > 0 && !!modelDefinition,
    retry: false,
    staleTime: 30_000,
  });
  if (slash < 0) return { text: DEFAULT_MODEL_TEXT, isDefault: true };
  if (query.data === undefined) return query.isError ? { text: DEFAULT_MODEL_TEXT, isDefault: true } : null;
  return query.data ? { text: query.data, isDefault: false } : { text: DEFAULT_MODEL_TEXT, isDefault: true };
}

/** The model the form's permission is read with (see useModel). */
function useFormModel(stored: Record<string, unknown>) {
  const owner = useOwner(stored);
  return useModel(owner, text(Form.useWatch('model') ?? stored.model));
}

/**
 * The roles: only where the model defines roles (a [role_definition] section); otherwise disabled,
 * with the reason beside it.
 */
function RolesField(props: FieldControlProps) {
  const { t } = useTranslation();
  const roles = hasRoleDefinition(useFormModel(props.stored)?.text);
  return (
    <Flex vertical gap={4}>
      <AnyMembersField {...props} entity="role" disabled={props.disabled || !roles} />
      {!roles && <Typography.Text type="secondary">{t('permission.rolesNeedRoleDefinition')}</Typography.Text>}
    </Flex>
  );
}

/**
 * The model: a model of the organization by id owner/name, searched on the server; without one (or
 * naming one that does not exist) the permission is read with the built-in RBAC model, which the
 * field says.
 */
function ModelField({ id, value, onChange, disabled, stored, viewer }: FieldControlProps) {
  const { t } = useTranslation();
  const owner = useOwner(stored);
  const model = useModel(owner, text(value));
  const modelDefinition = definitionOf('model');
  if (!modelDefinition) return null;
  return (
    <Flex vertical gap={4}>
      <NoModelOffer
        definition={modelDefinition}
        owner={owner}
        canAdd={!disabled && allows(modelDefinition.access.create, viewer, owner)}
        onAdded={(added) => onChange?.(added)}
      />
      <RefSelect
        id={id}
        definition={modelDefinition}
        organization={owner}
        by="id"
        value={text(value) || undefined}
        onChange={(next) => onChange?.(next)}
        disabled={disabled}
      />
      {model?.isDefault && <Typography.Text type="secondary">{t('permission.defaultModel')}</Typography.Text>}
    </Flex>
  );
}

/**
 * An organization without models (a new one) is offered one: Add a model creates it with the
 * model's defaults (the standard role-based text) in that organization and chooses it here;
 * viewers who may not add models are told to ask for one.
 */
function NoModelOffer({
  definition,
  owner,
  canAdd,
  onAdded,
}: {
  definition: EntityDefinition;
  owner: string;
  canAdd: boolean;
  onAdded: (id: string) => void;
}) {
  const { t } = useTranslation();
  const viewer = useAccount()?.viewer ?? null;
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey: ['list', 'model', owner, 'count'],
    queryFn: async () => unwrap(await getList(definition, { organization: owner, page: 1, pageSize: 1 })).data2 ?? 0,
    enabled: owner !== '',
    retry: false,
    staleTime: 30_000,
  });
  const add = useMutation({
    mutationFn: async () => {
      if (!viewer) throw new Error('not signed in');
      const record: Rec = definition.newRecord({ organization: owner, viewer, random: randomId, now: nowRfc3339 });
      const stored = unwrap(await create(definition, record)).data2 ?? record;
      return `${text(stored.owner)}/${text(stored.name)}`;
    },
    onSuccess: (added) => {
      feedback.success('general.successfullyAdded');
      onAdded(added);
      void queryClient.invalidateQueries({ queryKey: ['list', 'model'] });
    },
    onError: (error) => feedback.failure('general.failedToAdd', error),
  });
  if (count.data !== 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      message={t('permission.noModel', { organization: owner })}
      description={canAdd ? t('permission.noModelAdd') : t('permission.noModelAsk')}
      action={
        canAdd && (
          <Button size="small" type="primary" loading={add.isPending} onClick={() => add.mutate()}>
            {t('permission.addModel')}
          </Button>
        )
      }
    />
  );
}

/** Domains: free tags, only where the model's request has a `dom` field (the server drops them otherwise). */
function DomainsField({ id, value, onChange, disabled, stored }: FieldControlProps) {
  const { t } = useTranslation();
  const all = useAllOption();
  const values = asList(value);
  const domains = hasDomainDefinition(useFormModel(stored)?.text);
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

/** The permission's save rule that a field shows, when it is that field's. */
const ruleOf =
  (key: ReturnType<typeof permissionProblem>) =>
  (_: unknown, values: Record<string, unknown>): string | null => {
    const problem = permissionProblem(listValues(values));
    return problem === key ? `permission.${key}` : null;
  };

/** The list's .xlsx upload (.xlsx files only). */
function PermissionUpload(props: ListToolbarProps) {
  return <SheetUploadButton {...props} entity="permission" />;
}

/**
 * Permissions: members pickers with All, the roles only where the
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
  onValuesChange: (changed, all, { account }: FormContext) => permissionValuesChange(changed, all, account?.user.name ?? ''),
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
