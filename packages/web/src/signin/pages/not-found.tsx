import { AppLinkButton } from '../../shared/components/app-link';
import { ResultTitle } from '../../shared/components/result-title';
import { useTranslation } from '../../shared/i18n/i18n';
import { Result } from '../../shared/plain/feedback';
import { PublicResultLayout } from '../components/public-result-layout';

/** A sign-in path that leads nowhere (the console has its own 404 page). */
export default function PublicNotFound() {
  const { t } = useTranslation();
  return (
    <PublicResultLayout>
      <Result
        status="warning"
        title={<ResultTitle>{t('general.notFoundTitle')}</ResultTitle>}
        subTitle={t('general.notFoundSubtitle')}
        extra={<AppLinkButton to="/">{t('general.backHome')}</AppLinkButton>}
      />
    </PublicResultLayout>
  );
}
