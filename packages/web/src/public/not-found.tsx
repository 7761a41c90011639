import { AppLinkButton } from '../components/app-link';
import { PublicResultLayout } from '../components/public-result-layout';
import { ResultTitle } from '../components/result-title';
import { useTranslation } from '../i18n/i18n';
import { Result } from '../plain/feedback';

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
