import { ReloadOutlined } from '@ant-design/icons';
import { deliveryDocument, type WebhookEvent, type WebhookEventState } from '@gatehouse/entities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Popconfirm, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useScreens } from '../../shared/plain/use-media';
import { useFeedback } from '../components/feedback';
import { LoadError } from '../components/load-error';
import { EmptyText, tableEmpty } from '../components/table-empty';
import { formatTime } from '../crud/format';
import { deleteWebhookEvent, getWebhookEvents, replayWebhookEvent, type WebhookEventQuery } from '../data/webhook-events';
import type { SectionExtraProps } from './ui-types';

const STATE_COLORS: Record<WebhookEventState, string> = { Pending: 'blue', Retrying: 'orange', Success: 'green', Failed: 'red' };

function StateTag({ state }: { state: WebhookEventState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`webhook.state.${state}`)}</Tag>;
}

type Sort = Pick<WebhookEventQuery, 'sortField' | 'sortOrder'>;

/** The delivery's details and the document it sends, in a side drawer. */
function DeliveryDetail({ event, onReplay, busy }: { event: WebhookEvent; onReplay: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const screens = useScreens();
  const document = JSON.stringify(deliveryDocument(event.payload, event.extendedUser), null, 2);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('webhook.detail')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('webhook.deliveryTitle', { event: event.eventType })}
        size={screens.md ? 720 : '100%'}
        destroyOnHidden
        extra={
          <Button onClick={onReplay} loading={busyLoading(busy)}>
            {t('webhook.replay')}
          </Button>
        }
      >
        <Descriptions
          bordered
          column={1}
          size="small"
          items={[
            { key: 'name', label: t('webhook.deliveryId'), children: event.name },
            { key: 'createdTime', label: t('webhook.time'), children: formatTime(event.createdTime, i18n.language) },
            { key: 'eventType', label: t('webhook.event'), children: event.eventType },
            { key: 'state', label: t('webhook.stateLabel'), children: <StateTag state={event.state} /> },
            { key: 'attempts', label: t('webhook.attempts'), children: `${event.attemptCount} / ${event.maxRetries}` },
            { key: 'nextRetryTime', label: t('webhook.nextRetry'), children: formatTime(event.nextRetryTime, i18n.language) },
            { key: 'lastStatusCode', label: t('webhook.statusCode'), children: event.lastStatusCode || '' },
            { key: 'lastError', label: t('webhook.error'), children: event.lastError },
            { key: 'lastResponse', label: t('webhook.response'), children: event.lastResponse },
            {
              key: 'payload',
              label: t('webhook.payload'),
              children: (
                <pre data-testid="webhook-payload" style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {document}
                </pre>
              ),
            },
          ]}
        />
      </Drawer>
    </>
  );
}

/**
 * The webhook's delivery log (Casdoor's webhook events), below its form: newest first, 10 a page,
 * sorted on the server; each delivery's time, event, state, attempts, answer and error, a drawer
 * with the document it sends, Replay (the server sends it again) and Delete.
 */
export function WebhookDeliveries({ stored, disabled }: SectionExtraProps) {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const webhook = `${String(stored.owner)}/${String(stored.name)}`;
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [sort, setSort] = useState<Sort>({});
  const key = ['webhook-events', webhook, page, sort];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await getWebhookEvents({ webhook, ...page, ...sort })),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhook-events', webhook] });
  const replay = useMutation({
    mutationFn: async (event: WebhookEvent) => unwrap(await replayWebhookEvent(event)),
    onSuccess: () => {
      feedback.success('webhook.replayed');
      void refresh();
    },
    onError: (error) => feedback.failure('general.failedToSave', error),
  });
  const remove = useMutation({
    mutationFn: async (event: WebhookEvent) => unwrap(await deleteWebhookEvent(event)),
    onSuccess: () => {
      feedback.success('general.successfullyDeleted');
      // Deleting the only row of a page above the first goes back one page.
      if (page.page > 1 && (query.data?.data?.length ?? 0) === 1) setPage({ ...page, page: page.page - 1 });
      void refresh();
    },
    onError: (error) => feedback.failure('general.failedToDelete', error),
  });

  const sorter = (field: NonNullable<Sort['sortField']>) => ({
    key: field,
    sorter: true,
    sortOrder: sort.sortField === field ? sort.sortOrder : undefined,
  });
  const columns: TableProps<WebhookEvent>['columns'] = [
    {
      ...sorter('createdTime'),
      title: t('webhook.time'),
      render: (_, event) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(event.createdTime, i18n.language)}</span>,
    },
    { ...sorter('eventType'), title: t('webhook.event'), dataIndex: 'eventType' },
    { ...sorter('state'), title: t('webhook.stateLabel'), render: (_, event) => <StateTag state={event.state} /> },
    { key: 'attempts', title: t('webhook.attempts'), render: (_, event) => `${event.attemptCount} / ${event.maxRetries}` },
    { key: 'status', title: t('webhook.statusCode'), render: (_, event) => event.lastStatusCode || '' },
    {
      key: 'error',
      title: t('webhook.error'),
      render: (_, event) =>
        event.lastError ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: event.lastError }} style={{ maxWidth: 260 }}>
            {event.lastError}
          </Typography.Text>
        ) : null,
    },
    {
      key: 'actions',
      title: t('general.action'),
      render: (_, event) => (
        <Space wrap>
          <DeliveryDetail event={event} busy={replay.isPending} onReplay={() => replay.mutate(event)} />
          <Button size="small" disabled={disabled} loading={busyLoading(replay.isPending)} onClick={() => replay.mutate(event)}>
            {t('webhook.replay')}
          </Button>
          <Popconfirm
            title={t('general.sureToDelete', { name: event.name })}
            okText={t('general.ok')}
            cancelText={t('general.cancel')}
            onConfirm={() => remove.mutateAsync(event).catch(() => {})}
            disabled={disabled}
          >
            <Button size="small" danger disabled={disabled}>
              {t('general.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const onChange: TableProps<WebhookEvent>['onChange'] = (pagination, _filters, sorterState, extra) => {
    if (extra.action === 'paginate') setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? page.pageSize });
    if (extra.action === 'sort') {
      const s = Array.isArray(sorterState) ? sorterState[0] : sorterState;
      const field = s?.order ? String(s.columnKey) : undefined;
      setSort(
        field === 'createdTime' || field === 'eventType' || field === 'state'
          ? { sortField: field, sortOrder: s?.order ?? undefined }
          : {},
      );
      setPage({ ...page, page: 1 });
    }
  };

  return (
    <Card
      role="region"
      aria-label={t('webhook.deliveries')}
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('webhook.deliveries')}
        </Typography.Title>
      }
      size="small"
      style={{ marginBottom: 24 }}
      extra={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void refresh()} loading={busyLoading(query.isFetching)}>
          {t('webhook.refresh')}
        </Button>
      }
    >
      {query.error && <LoadError error={query.error} onRetry={() => void query.refetch()} />}
      <Table<WebhookEvent>
        size="small"
        bordered
        rowKey="name"
        columns={columns}
        dataSource={query.data?.data ?? []}
        loading={query.isPending && !query.error}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        locale={tableEmpty(query.isPending && !query.error, <EmptyText text={t('webhook.noDeliveries')} />)}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.data2 ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('general.totalCount', { total }),
        }}
      />
    </Card>
  );
}
