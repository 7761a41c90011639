import { Flex, Spin } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';

/** The loading state of a whole page or screen. */
export function PageSpin() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }} role="status" aria-label={t('general.loading')}>
      <Spin size="large" />
    </Flex>
  );
}
