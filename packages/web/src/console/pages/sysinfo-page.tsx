import { formatBytes } from '@gatehouse/entities';
import { isGlobalAdmin, type PrometheusInfo } from '@gatehouse/entities/plain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Progress, Row, Skeleton, Table, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useScreens } from '../../shared/plain/use-media';
import { useAccount } from '../auth/account';
import { errorText } from '../components/feedback';
import { PageTitle } from '../components/page-title';
import { getPrometheusInfo, getSystemInfo, getVersionInfo } from '../data/system-info';
import { usePageTour } from '../shell/tour';
import Forbidden from './forbidden';

/** The system polling interval. */
export const POLL_MS = 2000;

/** Polls every 2 s until a call fails; the failure stops the timer. */
const pollUntilError = (query: { state: { status: string } }) => (query.state.status === 'error' ? false : POLL_MS);

function Failure({ text }: { text: string }) {
  return <Alert type="error" showIcon title={text} />;
}

/**
 * The system-info dashboard, for global administrators: CPU usage per core,
 * memory, the API latency and throughput tables, and the About card. A guided tour on desktop; a
 * single column of the essentials at phone width.
 */
export default function SysinfoPage() {
  const { t } = useTranslation();
  const viewer = useAccount()?.viewer ?? null;
  const allowed = isGlobalAdmin(viewer);
  const phone = !useScreens().md;
  const system = useQuery({
    queryKey: ['sysinfo', 'system'],
    queryFn: async () => unwrap(await getSystemInfo()).data,
    enabled: allowed,
    retry: false,
    refetchInterval: pollUntilError,
  });
  const prometheus = useQuery({
    queryKey: ['sysinfo', 'prometheus'],
    queryFn: async () => unwrap(await getPrometheusInfo()).data,
    enabled: allowed,
    retry: false,
    refetchInterval: pollUntilError,
  });
  const version = useQuery({
    queryKey: ['sysinfo', 'version'],
    queryFn: async () => unwrap(await getVersionInfo()).data,
    enabled: allowed,
    retry: false,
  });

  const steps = useMemo(
    () =>
      phone
        ? null
        : (['cpu', 'memory', 'latency', 'throughput', 'about'] as const).map((key) => ({
            title: t(`sysinfo.${key}`),
            description: t(`sysinfo.tour.${key}`),
            target: () => document.getElementById(`sysinfo-${key}`),
          })),
    [phone, t],
  );
  usePageTour(allowed ? steps : null);

  if (!allowed) return <Forbidden />;

  const systemError = system.error ? t('sysinfo.systemFailed', { error: errorText(t, system.error) }) : null;
  const cpu = system.data?.cpuUsage ?? [];
  const memoryUsed = system.data?.memoryUsed ?? 0;
  const memoryTotal = system.data?.memoryTotal ?? 0;
  const memoryPercent = memoryTotal > 0 ? Math.round((memoryUsed / memoryTotal) * 10000) / 100 : 0;

  const cpuCard = (
    <Card id="sysinfo-cpu" title={t('sysinfo.cpu')}>
      {systemError ? (
        <Failure text={systemError} />
      ) : system.isPending ? (
        <Skeleton active />
      ) : cpu.length === 0 ? (
        <Failure text={t('sysinfo.noCpu')} />
      ) : (
        cpu.map((usage, index) => (
          <Progress
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per core, in core order
            key={index}
            percent={Number(usage.toFixed(1))}
            aria-label={t('sysinfo.core', { index: index + 1 })}
            data-testid="cpu-bar"
          />
        ))
      )}
    </Card>
  );
  const memoryCard = (
    <Card id="sysinfo-memory" title={t('sysinfo.memory')}>
      {systemError ? (
        <Failure text={systemError} />
      ) : system.isPending ? (
        <Skeleton active />
      ) : (
        <div style={{ textAlign: 'center' }}>
          <Typography.Paragraph data-testid="memory-text">
            {formatBytes(memoryUsed)} / {formatBytes(memoryTotal)}
          </Typography.Paragraph>
          <Progress type="circle" percent={memoryPercent} size={phone ? 100 : 140} aria-label={t('sysinfo.memory')} />
        </div>
      )}
    </Card>
  );
  const about = (
    <Card id="sysinfo-about" title={t('sysinfo.about')}>
      <Typography.Paragraph>{t('sysinfo.aboutText')}</Typography.Paragraph>
      {version.error ? (
        <Failure text={t('sysinfo.versionFailed', { error: errorText(t, version.error) })} />
      ) : version.isPending ? (
        <Skeleton active paragraph={false} />
      ) : (
        <Typography.Paragraph data-testid="version">
          {t('sysinfo.version')}:{' '}
          {version.data?.version ? (
            <Typography.Text code title={version.data.commitId || undefined}>
              {version.data.version}
              {version.data.commitOffset > 0 ? ` (ahead+${version.data.commitOffset})` : ''}
            </Typography.Text>
          ) : (
            t('sysinfo.unknownVersion')
          )}
        </Typography.Paragraph>
      )}
    </Card>
  );

  return (
    <Row gutter={[16, 16]}>
      <PageTitle>{t('nav.sysinfo')}</PageTitle>
      <Col xs={24} md={12}>
        {cpuCard}
      </Col>
      <Col xs={24} md={12}>
        {memoryCard}
      </Col>
      {!phone && (
        <MetricTables
          info={prometheus.data}
          pending={prometheus.isPending}
          error={prometheus.error ? t('sysinfo.systemFailed', { error: errorText(t, prometheus.error) }) : null}
        />
      )}
      <Col span={24}>{about}</Col>
    </Row>
  );
}

function MetricTables({ info, pending, error }: { info: PrometheusInfo | undefined; pending: boolean; error: string | null }) {
  const { t } = useTranslation();
  const body = (table: ReactNode) => (error ? <Failure text={error} /> : pending ? <Skeleton active /> : table);
  const shared = {
    size: 'small',
    rowKey: (row: { name: string; method: string }) => `${row.method} ${row.name}`,
    pagination: { pageSize: 10, hideOnSinglePage: true },
    locale: { emptyText: <Empty description={t('sysinfo.noRequests')} /> },
  } as const;
  const name = { title: t('sysinfo.name'), dataIndex: 'name' };
  const method = { title: t('sysinfo.method'), dataIndex: 'method', width: 90 };
  return (
    <>
      <Col xs={24} lg={12}>
        <Card id="sysinfo-latency" title={t('sysinfo.latency')}>
          {body(
            <Table
              {...shared}
              dataSource={info?.apiLatency ?? []}
              columns={[
                name,
                method,
                { title: t('sysinfo.count'), dataIndex: 'count', width: 90 },
                { title: t('sysinfo.latencyMs'), dataIndex: 'latency', width: 120 },
              ]}
            />,
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card id="sysinfo-throughput" title={t('sysinfo.throughput')}>
          {body(
            <Table
              {...shared}
              dataSource={info?.apiThroughput ?? []}
              columns={[name, method, { title: t('sysinfo.throughputPerSecond'), dataIndex: 'throughput', width: 140 }]}
              footer={() => (
                <span data-testid="total-throughput">
                  {t('sysinfo.totalThroughput')}: {info?.totalThroughput ?? 0}
                </span>
              )}
            />,
          )}
        </Card>
      </Col>
    </>
  );
}
