import { Result } from 'antd';
import { ResultTitle } from '../../shared/components/result-title';
import { useTranslation } from '../../shared/i18n/i18n';
import { LinkButton } from '../components/link-button';

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
