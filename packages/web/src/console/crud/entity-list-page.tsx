import { isReadOnly, keyOfRecord } from '@gatehouse/entities/plain';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Space, Table, type TableProps, Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router';
import { busyLoading } from '../../shared/components/busy';
import { isUnauthorized, type Rec, unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useScreens } from '../../shared/plain/use-media';
import { useFeedback } from '../components/feedback';
import { LinkButton } from '../components/link-button';
import { LoadError } from '../components/load-error';
import { PageSpin } from '../components/page-spin';
import { Heading } from '../components/plain-typography';
import { EmptyText, tableEmpty } from '../components/table-empty';
import { removeUserFromGroup } from '../data/entities';
import type { EntityUi } from '../entities/ui-types';
import { type PageTourStep, usePageTour } from '../shell/tour';
import { dataColumns } from './list-columns';
import { nextSearch } from './list-query';
import { editPath } from './paths';
import { useEntityList } from './use-entity-list';

// A refusal is rare; its page (antd's Result with its 403 picture) loads when one comes.
const Forbidden = lazy(() => import('../pages/forbidden'));

interface Props {
  ui: EntityUi;
  /** Route parameter that pins the organization (e.g. /organizations/:organizationName/users). */
  organizationParam?: string;
  /** Only the members of this group of the pinned organization, each with Remove (the group tree). */
  groupName?: string;
  /** Called once the first rows are shown (the routes then load the edit page's code). */
  onShown?: () => void;
}

/** The list screen of any entity: a bordered, server-paged, sortable and searchable table. */
export default function EntityListPage({ ui, organizationParam, groupName, onShown }: Props) {
  const { t } = useTranslation();
  const def = ui.definition;
  const params = useParams();
  const pinned = organizationParam ? params[organizationParam] : undefined;
  const list = useEntityList(ui, pinned, groupName);
  const feedback = useFeedback();
  const removeFromGroup = useMutation({
    mutationFn: async (record: Rec) => unwrap(await removeUserFromGroup(record, groupName ?? '')),
    onSuccess: () => {
      feedback.success('group.removedFromGroup');
      void list.refresh();
    },
    onError: (error) => feedback.failure('group.failedToRemove', error),
  });
  const screens = useScreens();
  const { state, setState, result } = list;
  const shown = result.isSuccess;
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  const tableArea = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const entities = t(`entity.${def.plural}`);
  const entity = t(`entity.${def.name}`);
  // Read-only entities (verifications) have no Add, Edit or Delete: the server writes their records.
  const readOnly = isReadOnly(def.access);
  const noAdd = !!ui.noAdd || readOnly || def.access.create === 'nobody';
  // Views (sessions) have no edit page, only Delete.
  const hasEdit = !readOnly && !!def.routes.edit;
  const hasDelete = def.access.delete !== 'nobody';
  const tourSteps = useMemo<PageTourStep[]>(() => {
    const inTable = (selector: string) => () => tableArea.current?.querySelector<HTMLElement>(selector) ?? null;
    return [
      { title: entities, description: t('tour.listTable', { entities }), target: () => tableArea.current },
      ...(noAdd
        ? []
        : [{ title: t('general.add'), description: t('tour.listAdd', { entity }), target: () => addButton.current }]),
      { title: t('tour.listColumnsTitle'), description: t('tour.listColumns'), target: inTable('thead') },
      { title: t('tour.listPagesTitle'), description: t('tour.listPages'), target: inTable('.ant-pagination') },
    ];
  }, [t, entities, entity, noAdd]);
  usePageTour(result.error ? null : tourSteps);

  if (result.error) {
    if (isUnauthorized(result.error))
      return (
        <Suspense fallback={<PageSpin />}>
          <Forbidden />
        </Suspense>
      );
    if (!result.data) return <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  }

  // Why Delete is disabled, where the definition says (a group with subgroups); none otherwise.
  const deleteHint = (record: Rec) =>
    def.undeletableReason && list.undeletable(record) ? t(`${def.name}.undeletableReason`) : undefined;

  const actions: ColumnType<Rec> = {
    key: 'actions',
    title: t('general.action'),
    fixed: screens.md ? 'right' : undefined,
    // The buttons side by side: the table's automatic layout would otherwise stack them.
    render: (_, record) => (
      <Space wrap={!screens.md} size={4}>
        {ui.listActions?.map((action) => {
          const disabled = action.enabled ? !action.enabled(record, list.viewer) : false;
          if ('render' in action) return <action.render key={action.key} record={record} />;
          return 'to' in action ? (
            <LinkButton key={action.key} size="small" to={action.to(record)} disabled={disabled}>
              {t(action.label)}
            </LinkButton>
          ) : (
            <Button
              key={action.key}
              size="small"
              href={disabled ? undefined : action.download(record)}
              download
              disabled={disabled}
            >
              {t(action.label)}
            </Button>
          );
        })}
        {groupName && (
          <Popconfirm
            title={t('group.sureToRemove', { name: record.name, group: groupName })}
            okText={t('general.ok')}
            cancelText={t('general.cancel')}
            onConfirm={() => removeFromGroup.mutateAsync(record).catch(() => {})}
            disabled={!list.canEdit(record)}
          >
            <Button size="small" disabled={!list.canEdit(record)}>
              {t('group.removeFromGroup')}
            </Button>
          </Popconfirm>
        )}
        {hasEdit && (
          <LinkButton size="small" type="primary" to={editPath(def, record)} disabled={!list.canEdit(record)}>
            {t('general.edit')}
          </LinkButton>
        )}
        {hasDelete && (
          <Popconfirm
            title={t('general.sureToDelete', { name: record.name })}
            okText={t('general.ok')}
            cancelText={t('general.cancel')}
            onConfirm={() => list.del.mutateAsync(record).catch(() => {})}
            disabled={!list.canDelete(record)}
          >
            <Tooltip title={deleteHint(record)}>
              <Button size="small" danger disabled={!list.canDelete(record)}>
                {t('general.delete')}
              </Button>
            </Tooltip>
          </Popconfirm>
        )}
      </Space>
    ),
  };

  const onChange: TableProps<Rec>['onChange'] = (pagination, filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      setState({ ...state, page: pagination.current ?? 1, pageSize: pagination.pageSize ?? state.pageSize });
    } else if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const order = s?.order ?? undefined;
      setState({ ...state, page: 1, sortField: order ? String(s?.columnKey) : undefined, sortOrder: order });
    } else if (extra.action === 'filter') {
      setState({ ...state, page: 1, field: undefined, value: undefined, ...nextSearch(state, filters) });
    }
  };

  let title = pinned ? t('general.listOf', { entities, organization: pinned }) : entities;
  if (groupName) title = t('group.membersOf', { entities, group: groupName });

  return (
    <div ref={tableArea}>
      {result.error && <LoadError error={result.error} onRetry={() => void result.refetch()} />}
      <Table<Rec>
        bordered
        size="middle"
        rowKey={ui.rowKey ?? ((record) => `${record.owner}/${keyOfRecord(def, record)}`)}
        columns={[
          ...dataColumns(ui, state, t, !!screens.md).filter(
            (column) => !ui.listHiddenColumns?.(list.viewer).includes(String(column.key)),
          ),
          ...(readOnly && !ui.listActions?.length ? [] : [actions]),
        ]}
        dataSource={list.rows}
        loading={result.isFetching}
        // As wide as the page, columns as wide as their content needs (headers wrap, values do not);
        // wider only when that is too little, then scrolling under the sticky name and Action
        // columns. At max-content every header stayed on one line, and one such as
        // "Sync interval (minutes)" pushed the table under the Action column at 1366 px.
        scroll={{ x: true }}
        tableLayout="auto"
        onChange={onChange}
        locale={tableEmpty(result.isFetching, <EmptyText text={t('general.noData')} />)}
        title={() => (
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Space>
              <Heading style={{ margin: 0, fontSize: 20 }}>{title}</Heading>
              {list.organization && !pinned && <Tag>{list.organization}</Tag>}
            </Space>
            <Space wrap>
              {ui.listToolbar && <ui.listToolbar organization={list.organization} canCreate={list.canCreate} />}
              {!noAdd && (
                <Button
                  ref={addButton}
                  type="primary"
                  disabled={!list.canCreate}
                  loading={busyLoading(list.add.isPending)}
                  onClick={() => list.add.mutate()}
                >
                  {t('general.add')}
                </Button>
              )}
            </Space>
          </Flex>
        )}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: list.total,
          showQuickJumper: true,
          showSizeChanger: true,
          showTotal: (total) => t('general.totalCount', { total }),
          size: screens.md ? undefined : 'small',
        }}
      />
    </div>
  );
}
