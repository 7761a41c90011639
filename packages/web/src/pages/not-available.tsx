import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../components/link-button';
import { ResultTitle } from '../components/result-title';

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
