import { DASHBOARD_SERIES, dashboardDays, userFigures, type Viewer } from '@gatehouse/entities/plain';
import { useQuery } from '@tanstack/react-query';
import { Col, Row, Skeleton, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { useLoaded } from '../../shared/plain/preloadable';
import { LoadError } from '../components/load-error';
import { PageTitle } from '../components/page-title';
import { Panel } from '../components/panel';
import { useSelectedOrganization } from '../shell/selected-organization';
import { useThemeSettings } from '../shell/theme-store';
import { DashboardChartCode, dashboardQuery } from './dashboard-query';

/**
 * The administrators' home: four cards of user figures and a line chart of the
 * last 30 days, for the selected organization (global admins: all, or the one chosen in the
 * header) or the administrator's own.
 */
export default function DashboardPage({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const selected = useSelectedOrganization();
  const dark = useThemeSettings().dark;
  const result = useQuery(dashboardQuery(viewer, selected));
  // The chart library loads on its own (without a Suspense boundary, which would hold the cards back).
  const DashboardChart = useLoaded(DashboardChartCode);
  const days = useMemo(() => dashboardDays(new Date()), []);
  const series = useMemo(
    () =>
      DASHBOARD_SERIES.map((key) => ({
        name: t(`nav.${key}s`),
        data: result.data?.[`${key}Counts`] ?? days.map(() => 0),
      })),
    [result.data, days, t],
  );

  const figures = userFigures(result.data?.userCounts ?? []);
  const cards = [
    ['totalUsers', figures.total],
    ['newUsersToday', figures.today],
    ['newUsersPast7Days', figures.past7Days],
    ['newUsersPast30Days', figures.past30Days],
  ] as const;

  return (
    <Row gutter={[16, 16]}>
      <PageTitle>{t('nav.dashboard')}</PageTitle>
      {result.error && (
        <Col span={24}>
          <LoadError error={result.error} onRetry={() => void result.refetch()} />
        </Col>
      )}
      {cards.map(([key, value]) => (
        <Col key={key} xs={24} sm={12} lg={6}>
          <Panel>
            <Statistic title={t(`dashboard.${key}`)} value={value} loading={result.isPending} />
          </Panel>
        </Col>
      ))}
      <Col span={24}>
        <Panel title={t('dashboard.past30Days')}>
          {result.isPending || !DashboardChart ? (
            <Skeleton active />
          ) : (
            <DashboardChart days={days} series={series} label={t('dashboard.chartLabel')} dark={dark} />
          )}
        </Panel>
      </Col>
    </Row>
  );
}
