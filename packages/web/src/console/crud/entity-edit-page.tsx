import { allows, type FieldSpec, organizationOf, type Viewer } from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Space, Typography, theme } from 'antd';
import { type ComponentType, Fragment, memo, type ReactNode, useMemo } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { busyLoading } from '../../shared/components/busy';
import { isUnauthorized, type Rec, unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useScreens } from '../../shared/plain/use-media';
import { useAccount } from '../auth/account';
import { LoadError } from '../components/load-error';
import { PageSpin } from '../components/page-spin';
import { getOne } from '../data/entities';
import type { EntityUi, FieldControlProps } from '../entities/ui-types';
import Forbidden from '../pages/forbidden';
import { FieldInput } from './field-input';
import { definitionRules } from './field-rules';
import { FormSections } from './form-sections';
import { formFields, toFormValues } from './form-values';
import { recordIdOf } from './paths';
import { EDIT_BAR_HEIGHT, useConsoleHeaderHeight } from './sticky-offsets';
import { isCreatedState, recordKey, useEntityForm } from './use-entity-form';

interface Props {
  ui: EntityUi;
  /** The signed-in account's own record (/account) instead of the one named by the route. */
  self?: boolean;
}

/** The edit screen of any entity: loads the record, then the form of its definition. */
export default function EntityEditPage({ ui, self = false }: Props) {
  const def = ui.definition;
  const params = useParams();
  const [search] = useSearchParams();
  const account = useAccount();
  const id = self ? account && { owner: account.user.owner, name: account.user.name } : recordIdOf(def, params, search);
  const query = useQuery({
    queryKey: recordKey(def.name, id?.owner ?? '', id?.name ?? ''),
    queryFn: async () => unwrap(await getOne(def, id?.owner ?? '', id?.name ?? '')).data ?? null,
    enabled: !!id && account !== undefined,
    // The form is filled once; refetching under it would only confuse.
    refetchOnWindowFocus: false,
  });

  const notFound = <Navigate to="/404" replace state={ui.refusedAsNotFound ? { subtitle: ui.refusedAsNotFound } : undefined} />;
  if (account === undefined) return <PageSpin />;
  if (!id) return notFound;
  if (query.isPending) return <PageSpin />;
  if (query.error) {
    if (!isUnauthorized(query.error)) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
    return ui.refusedAsNotFound ? notFound : <Forbidden />;
  }
  if (query.data === null) return notFound;
  return <EntityForm key={`${id.owner}/${id.name}`} ui={ui} stored={query.data} viewer={account?.viewer ?? null} self={self} />;
}

const memos = new WeakMap<ComponentType<FieldControlProps>, ComponentType<FieldControlProps>>();

/**
 * A field control that renders again only when its own props change: the form re-renders on every
 * keystroke (field rules read the live values), and large controls (tables) must not follow. The
 * form item's onChange is left out of the comparison: it dispatches to the same form store.
 */
function memoized(Control: ComponentType<FieldControlProps>): ComponentType<FieldControlProps> {
  let wrapped = memos.get(Control);
  if (!wrapped) {
    wrapped = memo(Control, (a, b) =>
      (Object.keys({ ...a, ...b }) as (keyof FieldControlProps)[]).every((key) => key === 'onChange' || a[key] === b[key]),
    );
    memos.set(Control, wrapped);
  }
  return wrapped;
}

interface FormProps {
  ui: EntityUi;
  stored: Rec;
  viewer: Viewer | null;
  self: boolean;
}

function EntityForm({ ui, stored, viewer, self }: FormProps) {
  const def = ui.definition;
  const { t } = useTranslation();
  const account = useAccount() ?? null;
  const [form] = Form.useForm();
  const { token } = theme.useToken();
  const screens = useScreens();
  const headerHeight = useConsoleHeaderHeight();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const isAdd = searchParams.get('mode') === 'add';
  // Cancel deletes a record this page's Add created, also after its first save.
  const created = isAdd || isCreatedState(location.state);
  const fields = formFields(def);
  const { save, cancel, busy } = useEntityForm({ ui, stored, form, fields, self, isAdd, created });

  const organization = organizationOf(def, stored);
  const canUpdate = allows(def.access.update, viewer, organization, !!viewer && (def.isSelf?.(viewer, stored) ?? false));
  // Rules may read the values being edited (e.g. a field editable only for one token format),
  // hidden fields' included.
  const live = Form.useWatch((values: Rec) => values, { form, preserve: true });
  const next = useMemo(() => ({ ...stored, ...live }), [stored, live]);
  const layout = ui.useFormLayout?.(stored, viewer);
  const visible = ui.fieldVisible ? fields.filter((field) => ui.fieldVisible?.(field, next, viewer) ?? true) : fields;
  // A run-time layout orders the fields and places the blocks (none while adding a record).
  const shown = layout
    ? layout.order.filter((key) => visible.includes(key) || (!isAdd && ui.blocks?.[key] !== undefined))
    : visible;
  const isEditable = (field: string, spec: FieldSpec<any>) =>
    canUpdate &&
    !!viewer &&
    !spec.serverOnly &&
    (spec.editable?.({ viewer, record: stored, next }) ?? true) &&
    (layout?.editable(field) ?? true);

  const entity = t(`entity.${def.name}`);
  // The signed-in user's own record is "My Account", on /account or under its own route.
  const own = self || (!!viewer && !isAdd && (def.isSelf?.(viewer, stored) ?? false));
  const detailOnly = def.access.update === 'nobody';
  const heading = isAdd ? 'general.newEntity' : detailOnly ? 'general.entityDetails' : 'general.editEntity';
  const title = own ? t('general.myAccount') : t(heading, { entity });
  const horizontal = screens.md !== false;

  const EditActions = ui.editActions;
  const saveAndExit = () =>
    form.validateFields().then(
      () => save(true),
      // The first refused field is brought into view, as Save's submit does (scrollToFirstError).
      (failure: { errorFields?: { name: (string | number)[] }[] }) => {
        const first = failure.errorFields?.[0];
        if (first) form.scrollToField(first.name, { block: 'center' });
      },
    );
  // Records nobody rewrites (transactions) have a read-only detail page: no Save at all.
  const buttons = (submit: boolean) => (
    <Space wrap>
      {!detailOnly && (
        <Button
          htmlType={submit ? 'submit' : 'button'}
          onClick={submit ? undefined : () => form.submit()}
          disabled={!canUpdate}
          loading={busyLoading(busy)}
        >
          {t('general.save')}
        </Button>
      )}
      {!detailOnly && (
        <Button type="primary" onClick={saveAndExit} disabled={!canUpdate} loading={busyLoading(busy)}>
          {t('general.saveAndExit')}
        </Button>
      )}
      {created && (
        <Button onClick={() => void cancel()} disabled={busy}>
          {t('general.cancel')}
        </Button>
      )}
      {!submit && !isAdd && EditActions && <EditActions stored={stored} viewer={viewer} disabled={!canUpdate} />}
    </Space>
  );

  const renderField = (field: string): ReactNode => {
    const Block = fields.includes(field) ? undefined : ui.blocks?.[field];
    if (Block) return <Block key={field} stored={stored} viewer={viewer} disabled={!canUpdate} />;
    const spec = def.fields[field] as FieldSpec<any>;
    const label = t(ui.fieldLabel?.(field, next) ?? `${def.name}.${field}`);
    const tooltip = ui.fieldTooltip?.(field, next);
    const Extra = ui.fieldExtras?.[field];
    const disabled = !isEditable(field, spec);
    const Control = ui.fieldControls?.[field] && memoized(ui.fieldControls[field]);
    const rule = ui.fieldRules?.[field];
    const rules = [
      // The definition's own rules, checked before sending (the server checks them again).
      ...definitionRules(def, field, label, t),
      ...(layout?.problem
        ? [
            {
              validator: async (_: unknown, value: unknown) => {
                const problem = layout.problem?.(field, value);
                if (problem) throw new Error(t(problem));
              },
            },
          ]
        : []),
      ...(rule
        ? [
            {
              validator: async (_: unknown, value: unknown) => {
                const problem = rule(value, { ...stored, ...form.getFieldsValue(true) }, viewer);
                if (problem) throw new Error(t(problem));
              },
            },
          ]
        : []),
    ];
    const item = (
      <Form.Item
        key={field}
        name={field}
        label={label}
        tooltip={tooltip ? t(tooltip) : undefined}
        rules={rules.length > 0 ? rules : undefined}
      >
        {Control ? (
          <Control disabled={disabled} stored={stored} viewer={viewer} label={label} />
        ) : (
          <FieldInput
            spec={spec}
            label={label}
            disabled={disabled}
            // Pickers follow the organization being edited (changing it reloads dependent choices).
            refScope={spec.ref === 'organization' ? '' : organizationOf(def, next)}
          />
        )}
      </Form.Item>
    );
    if (!Extra) return item;
    return (
      <Fragment key={field}>
        {item}
        <Extra stored={stored} viewer={viewer} disabled={!canUpdate} />
      </Fragment>
    );
  };

  if (layout === null) return <PageSpin />;
  return (
    <Card>
      {/* The title bar stays under the console header while a long form scrolls: Save is always at hand. */}
      <Flex
        justify="space-between"
        align="center"
        wrap
        gap={8}
        style={{
          position: 'sticky',
          top: headerHeight,
          minHeight: EDIT_BAR_HEIGHT,
          zIndex: 5,
          background: token.colorBgContainer,
          paddingBlock: 12,
          marginTop: -12,
          marginBottom: 12,
        }}
      >
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {title}
        </Typography.Title>
        {buttons(false)}
      </Flex>
      <Form
        form={form}
        name={def.name}
        layout={horizontal ? 'horizontal' : 'vertical'}
        labelCol={horizontal ? { md: { span: 6 }, xl: { span: 4 } } : undefined}
        wrapperCol={horizontal ? { md: { span: 18 }, xl: { span: 16 } } : undefined}
        labelWrap
        initialValues={toFormValues(def, fields, ui.onLoad?.(stored) ?? stored)}
        onFinish={() => void save(false)}
        scrollToFirstError={{ block: 'center' }}
        onValuesChange={(changed: Rec, all: Rec) => {
          const consequences = ui.onValuesChange?.(changed, all, { viewer, account });
          if (consequences) form.setFieldsValue(consequences);
        }}
      >
        {def.formSections ? (
          <FormSections
            def={def}
            fields={shown}
            renderField={renderField}
            extras={ui.sectionExtras}
            extraProps={{ stored, viewer, disabled: !canUpdate }}
            navigation={screens.lg === true}
          />
        ) : (
          shown.map(renderField)
        )}
        {!isAdd &&
          ui.formExtras?.map((Extra, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list declared by the entity's overrides.
            <Extra key={index} stored={stored} viewer={viewer} disabled={!canUpdate} />
          ))}
        <Form.Item wrapperCol={horizontal ? { md: { offset: 6, span: 18 }, xl: { offset: 4, span: 16 } } : undefined}>
          {buttons(true)}
        </Form.Item>
      </Form>
    </Card>
  );
}
