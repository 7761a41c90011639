import { Alert, Button, Form, type FormInstance, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { busyLoading } from '../components/busy';
import { SendCodeInput } from '../components/send-code-input';
import type { Rec } from '../data/client';

/** The account found in step 1: its username and its addresses (masked unless typed). */
export interface Found {
  name: string;
  email: string;
  phone: string;
}

export interface VerifyValues {
  dest: string;
  code: string;
}

interface Props {
  form: FormInstance<VerifyValues>;
  /** The application (its providers send the code). */
  app: Rec;
  found: Found;
  busy: boolean;
  onFinish: (values: VerifyValues) => void;
}

/**
 * The forgotten-password page's second step: the code sent to one of the account's addresses. It
 * loads when the first step has found the account (with its address picker and code input).
 */
export default function ForgetVerifyStep({ form, app, found, busy, onFinish }: Props) {
  const { t } = useTranslation();
  const destinations = [found.email, found.phone].filter(Boolean);
  return (
    <Form form={form} name="forget-verify" layout="vertical" requiredMark={false} onFinish={onFinish}>
      {destinations.length === 0 ? (
        <Alert type="warning" showIcon role="status" title={t('forget.noAddress')} style={{ marginBottom: 16 }} />
      ) : (
        <Form.Item label={t('forget.sendTo')} name="dest">
          <Select options={destinations.map((dest) => ({ value: dest, label: dest }))} />
        </Form.Item>
      )}
      <Form.Item label={t('code.label')} name="code" rules={[{ required: true, whitespace: true, message: t('code.empty') }]}>
        <SendCodeInput
          app={app}
          method="forget"
          target={async () => {
            const dest = String(form.getFieldValue('dest') ?? '');
            return dest ? { dest, type: dest === found.email ? 'email' : 'phone', checkUser: found.name } : null;
          }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busyLoading(busy)} disabled={destinations.length === 0}>
        {t('forget.next')}
      </Button>
    </Form>
  );
}
