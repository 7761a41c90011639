import { syncer as syncerDef } from '@gatehouse/entities';
import { allows } from '@gatehouse/entities/plain';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Progress, Space, Tag, Typography } from 'antd';
import { busyLoading } from '../../shared/components/busy';
import { type Rec, unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useAccount } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { getOne } from '../data/entities';
import { runSyncer } from '../data/syncers';
import { statusSummary, syncStatusOf } from './syncer-rules';
import type { ListCellProps, SectionExtraProps } from './ui-types';

const runKey = (name: string) => ['run-syncer', name];
const statusKey = (name: string) => ['syncer-status', name];

/**
 * A syncer's latest run, read again every second while it runs (started here, by another
 * administrator or by the scheduler): the state, the percent of the rows read that were compared,
 * and the counts.
 */
function useSyncStatus(record: Rec) {
  const name = String(record.name);
  const running = useIsMutating({ mutationKey: runKey(name) }) > 0;
  const initial = syncStatusOf(record.syncStatus);
  const query = useQuery({
    queryKey: statusKey(name),
    queryFn: async () => syncStatusOf(unwrap(await getOne(syncerDef, 'admin', name)).data?.syncStatus),
    initialData: initial,
    staleTime: running || initial.state === 'running' ? 0 : Number.POSITIVE_INFINITY,
    refetchInterval: (q) => (running || q.state.data?.state === 'running' ? 1000 : false),
  });
  return query.data;
}

const STATE_COLORS: Record<string, string> = { running: 'processing', succeeded: 'success', failed: 'error' };

function SyncStatusView({ record, wide }: { record: Rec; wide: boolean }) {
  const { t } = useTranslation();
  const status = useSyncStatus(record);
  const { state, percent } = statusSummary(status);
  if (!state) return <Typography.Text type="secondary">{t('syncer.neverSynced')}</Typography.Text>;
  const counts = t('syncer.counts', {
    read: status.read,
    added: status.added,
    updated: status.updated,
    unchanged: status.unchanged,
    deleted: status.deleted,
    failed: status.failed,
    writtenBack: status.writtenBack,
  });
  return (
    <Flex vertical gap={4} style={{ minWidth: wide ? undefined : 220 }} aria-live="polite">
      <Space size={4} wrap>
        <Tag color={STATE_COLORS[state]}>{t(`syncer.state.${state}`)}</Tag>
        {status.finishedTime && <Typography.Text type="secondary">{status.finishedTime}</Typography.Text>}
      </Space>
      {state === 'running' && <Progress percent={percent} size="small" aria-label={t('syncer.progress')} />}
      <Typography.Text>{counts}</Typography.Text>
      {state === 'failed' && <Typography.Text type="danger">{status.message}</Typography.Text>}
    </Flex>
  );
}

/** The list's column of the latest run. */
export function SyncStatusCell({ record }: { record: Rec }) {
  return <SyncStatusView record={record} wide={false} />;
}

/** Sync: runs the syncer now; 'Successfully synced' or 'Syncer failed to sync users: {error}'. */
export function SyncButton({ record }: { record: Rec }) {
  const { t } = useTranslation();
  const viewer = useAccount()?.viewer ?? null;
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const name = String(record.name);
  const run = useMutation({
    mutationKey: runKey(name),
    mutationFn: async () => unwrap(await runSyncer(name)),
    onSuccess: () => feedback.success('syncer.successfullySynced'),
    onError: (error) => feedback.failure('syncer.failedToSync', error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: statusKey(name) });
      void queryClient.invalidateQueries({ queryKey: ['list', syncerDef.name] });
    },
  });
  const allowed = allows(syncerDef.access.update, viewer, String(record.organization));
  return (
    <Button size="small" type="primary" disabled={!allowed} loading={busyLoading(run.isPending)} onClick={() => run.mutate()}>
      {t('syncer.sync')}
    </Button>
  );
}

/** The edit page's block: the latest run (followed while it runs) and Sync. */
export function SyncerStatusBlock({ stored }: SectionExtraProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} style={{ marginBottom: 24 }}>
      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
        {t('syncer.syncStatus')}
      </Typography.Title>
      <SyncStatusView record={stored} wide />
      <div>
        <SyncButton record={stored} />
      </div>
    </Flex>
  );
}

/** The list shows a set password as ***, never its text. */
export function MaskedCell({ record }: ListCellProps) {
  return <>{record.password ? '***' : ''}</>;
}
