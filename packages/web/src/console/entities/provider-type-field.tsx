import { Alert, Flex, Form } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { ProviderTypeSelect } from './provider-controls';
import { paymentNotice } from './provider-payment';
import type { FieldControlProps } from './ui-types';

/**
 * The provider's type, and under it for Payment providers what the chosen type does in this release
 * (Dummy and Balance take payments; the others are configuration only).
 */
export function ProviderTypeField(props: FieldControlProps) {
  const { t } = useTranslation();
  const category = String(Form.useWatch('category') ?? '');
  const type = typeof props.value === 'string' ? props.value : '';
  const notice = paymentNotice(category, type);
  return (
    <Flex vertical gap={8}>
      <ProviderTypeSelect {...props} />
      {notice && <Alert type={notice.severity} showIcon title={t(notice.key, { type })} />}
    </Flex>
  );
}
