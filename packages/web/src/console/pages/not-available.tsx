import { Result } from 'antd';
import { ResultTitle } from '../../shared/components/result-title';
import { useTranslation } from '../../shared/i18n/i18n';
import { LinkButton } from '../components/link-button';

interface Props {
  /** i18n key of the screen's name. */
  screen: string;
}

/** An honest placeholder for a screen of the route table that a later release implements. */
export default function NotAvailable({ screen }: Props) {
  const { t } = useTranslation();
  return (
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
}
