import { ApartmentOutlined, ApiOutlined, AppstoreOutlined, UserOutlined } from '@ant-design/icons';
import { isAdmin } from '@gatehouse/entities/plain';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import { useAccount } from '../auth/account';
import { PageTitle } from '../components/page-title';
import Forbidden from './forbidden';

const SHORTCUTS: { key: string; path: string; icon: ReactNode }[] = [
  { key: 'organizations', path: '/organizations', icon: <ApartmentOutlined aria-hidden /> },
  { key: 'users', path: '/users', icon: <UserOutlined aria-hidden /> },
  { key: 'providers', path: '/providers', icon: <ApiOutlined aria-hidden /> },
  { key: 'applications', path: '/applications', icon: <AppstoreOutlined aria-hidden /> },
];

/** Four cards to the lists administrators use most. */
export default function ShortcutsPage() {
  const { t } = useTranslation();
  const viewer = useAccount()?.viewer ?? null;
  // The Home group is for administrators; its entries answer 403 to others.
  if (!isAdmin(viewer)) return <Forbidden />;
  return (
    <Row gutter={[16, 16]}>
      <PageTitle>{t('nav.shortcuts')}</PageTitle>
      {SHORTCUTS.map(({ key, path, icon }) => (
        <Col key={key} xs={24} sm={12} lg={6}>
          <Link to={path} aria-label={t(`nav.${key}`)}>
            <Card hoverable>
              <Card.Meta
                avatar={<span style={{ fontSize: 28 }}>{icon}</span>}
                title={t(`nav.${key}`)}
                description={t(`shortcuts.${key}`)}
              />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
