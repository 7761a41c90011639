import { Alert, Button } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText } from './feedback';

/** A failed load that is not a refusal: the server's msg (or the network failure) and a Retry. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(t, error)}
      action={
        <Button size="small" danger onClick={onRetry}>
          {t('general.retry')}
        </Button>
      }
    />
  );
}
