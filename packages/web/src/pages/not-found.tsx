import { Result } from 'antd';
import { useLocation } from 'react-router';
import { LinkButton } from '../components/link-button';
import { ResultTitle } from '../components/result-title';
import { useTranslation } from '../i18n/i18n';

/** The 404 page; an edit page may pass a more precise explanation in the navigation state. */
export default function NotFound() {
  const { t } = useTranslation();
  const state = useLocation().state as { subtitle?: string } | null;
  return (
    <Result
      status="404"
      title={<ResultTitle>{t('general.notFoundTitle')}</ResultTitle>}
      subTitle={t(state?.subtitle ?? 'general.notFoundSubtitle')}
      extra={
        <LinkButton type="primary" to="/">
          {t('general.backHome')}
        </LinkButton>
      }
    />
  );
}
