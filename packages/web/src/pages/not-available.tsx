import { Layout, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../components/link-button';
import { ResultTitle } from '../components/result-title';

interface Props {
  /** i18n key of the screen's name. */
  screen: string;
  /** Rendered outside the console layout (public pages such as sign-up). */
  standalone?: boolean;
}

/** An honest placeholder for a screen of the route table that a later release implements. */
export default function NotAvailable({ screen, standalone = false }: Props) {
  const { t } = useTranslation();
  const result = (
    <Result
      status="info"
      title={<ResultTitle>{t('general.notAvailableTitle', { screen: t(screen) })}</ResultTitle>}
      subTitle={t('general.notAvailableSubtitle')}
      extra={
        <LinkButton type="primary" to="/">
          {t('general.backHome')}
        </LinkButton>
      }
    />
  );
  if (!standalone) return result;
  return (
    <Layout style={{ minHeight: '100vh', justifyContent: 'center' }}>
      <Layout.Content style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>{result}</Layout.Content>
    </Layout>
  );
}
