import { Result } from 'antd';
import { useLocation } from 'react-router';
import { ResultTitle } from '../../shared/components/result-title';
import { useTranslation } from '../../shared/i18n/i18n';
import { LinkButton } from '../components/link-button';

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
