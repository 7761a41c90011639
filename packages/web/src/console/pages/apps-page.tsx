import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Empty, Row, Skeleton, Typography, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { type Rec, unwrap } from '../../shared/data/client';
import { textOf as text } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { useAccount } from '../auth/account';
import { LoadError } from '../components/load-error';
import { PageTitle } from '../components/page-title';
import { Panel, PanelMeta } from '../components/panel';
import { getOrganizationApplications } from '../data/launcher';
import { launchLink } from './app-links';

const PAGE_SIZE = 12;

// antd's Pagination brings a Select (its page-size changer, which the launcher hides); it loads only
// for an organization with more applications than a page shows.
const Pagination = lazy(() => import('antd/es/pagination'));

function AppCard({ app, userHomepage }: { app: Rec; userHomepage: string }) {
  const { t } = useTranslation();
  const title = text(app.displayName) || text(app.name);
  const logo = text(app.logo);
  const link = launchLink(text(app.homepageUrl), userHomepage);
  const card = (
    <Panel
      hoverable={!!link}
      cover={
        logo ? (
          <img src={logo} alt="" style={{ display: 'block', width: '100%', height: 96, objectFit: 'contain', padding: 16 }} />
        ) : undefined
      }
    >
      <PanelMeta
        title={title}
        description={
          link ? (
            text(app.description)
          ) : (
            // A tile that leads nowhere says so, rather than doing nothing when clicked.
            <>
              {text(app.description) && <div>{text(app.description)}</div>}
              <Typography.Text type="secondary" italic>
                {t('apps.noHomepage')}
              </Typography.Text>
            </>
          )
        }
      />
    </Panel>
  );
  return link ? (
    <a href={link} aria-label={title}>
      {card}
    </a>
  ) : (
    card
  );
}

/**
 * The app launcher: a card per application of the user's organization, each
 * leading to its homepage; full-width cards on a phone. Paged on the server.
 */
export default function AppsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const account = useAccount();
  const [page, setPage] = useState(1);
  const organization = account?.user.owner ?? '';
  const result = useQuery({
    queryKey: ['apps', organization, page],
    queryFn: async () => {
      const envelope = unwrap(await getOrganizationApplications(organization, page, PAGE_SIZE));
      return { apps: envelope.data ?? [], total: envelope.data2 ?? 0 };
    },
    enabled: !!organization,
    placeholderData: keepPreviousData,
  });
  const userHomepage = text(account?.user.homepage);

  let body = <Skeleton active />;
  if (result.error) body = <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  else if (result.data && result.data.apps.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apps.none')} />;
  else if (result.data)
    body = (
      <Row gutter={[16, 16]}>
        {result.data.apps.map((app) => (
          <Col key={text(app.name)} xs={24} sm={12} md={8} xl={6}>
            <AppCard app={app} userHomepage={userHomepage} />
          </Col>
        ))}
      </Row>
    );

  return (
    <Row gutter={[16, 16]}>
      <PageTitle>{t('nav.apps')}</PageTitle>
      <Col span={24}>{body}</Col>
      {(result.data?.total ?? 0) > PAGE_SIZE && (
        <Col span={24}>
          <Suspense fallback={<div style={{ height: token.controlHeight }} />}>
            <Pagination
              current={page}
              pageSize={PAGE_SIZE}
              total={result.data?.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          </Suspense>
        </Col>
      )}
    </Row>
  );
}
