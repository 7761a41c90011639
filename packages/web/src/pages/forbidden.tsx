import { Result } from 'antd';
import { LinkButton } from '../components/link-button';
import { ResultTitle } from '../components/result-title';
import { useTranslation } from '../i18n/i18n';

/** Shown in place of a list or a record the server refused to show (code unauthorized / pleaseLogin). */
export default function Forbidden() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<ResultTitle>{t('general.forbiddenTitle')}</ResultTitle>}
      subTitle={t('general.forbiddenSubtitle')}
      extra={
        <LinkButton type="primary" to="/">
          {t('general.backHome')}
        </LinkButton>
      }
    />
  );
}
