import { Form, Input } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import type { SectionExtraProps } from './ui-types';
import { webhookPreview } from './webhook-rules';

/** A read-only JSON preview of what the webhook sends, following the form's values. */
export function PayloadPreview(_props: SectionExtraProps) {
  const { t } = useTranslation();
  const objectFields = Form.useWatch('objectFields', { preserve: true });
  const isUserExtended = Form.useWatch('isUserExtended', { preserve: true });
  const tokenFields = Form.useWatch('tokenFields', { preserve: true });
  const text = webhookPreview({ objectFields, isUserExtended, tokenFields });
  return (
    <Form.Item label={t('webhook.preview')} htmlFor="webhook-payload-preview">
      <Input.TextArea
        id="webhook-payload-preview"
        value={text}
        readOnly
        aria-label={t('webhook.preview')}
        autoSize={{ minRows: 8, maxRows: 30 }}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
      />
    </Form.Item>
  );
}
