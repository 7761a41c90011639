import { busyLoading } from '../../shared/components/busy';
import { SendCodeInput } from '../../shared/components/send-code-input';
import type { Rec } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Alert } from '../../shared/plain/feedback';
import { NativeSelect } from '../../shared/plain/input';
import { asText, Field, Form, type FormStore, required } from '../components/form';

/** The account found in step 1: its username and its addresses (masked unless typed). */
export interface Found {
  name: string;
  email: string;
  phone: string;
}

interface Props {
  form: FormStore;
  /** The application (its providers send the code). */
  app: Rec;
  found: Found;
  busy: boolean;
  onFinish: (dest: string, code: string) => void;
}

/**
 * The forgotten-password page's second step: the code sent to one of the account's addresses. It
 * loads when the first step has found the account (with its address picker and code input).
 */
export default function ForgetVerifyStep({ form, app, found, busy, onFinish }: Props) {
  const { t } = useTranslation();
  const destinations = [found.email, found.phone].filter(Boolean);
  return (
    <Form form={form} onFinish={(values) => onFinish(asText(values.dest), asText(values.code))}>
      {destinations.length === 0 ? (
        <Alert type="warning" role="status" title={t('forget.noAddress')} style={{ marginBottom: 16 }} />
      ) : (
        <Field label={t('forget.sendTo')} name="dest" read={asText}>
          {(control) => <NativeSelect {...control} options={destinations.map((dest) => ({ value: dest, label: dest }))} />}
        </Field>
      )}
      <Field label={t('code.label')} name="code" rules={[required(t('code.empty'))]} read={asText}>
        {(control) => (
          <SendCodeInput
            {...control}
            app={app}
            method="forget"
            target={async () => {
              const dest = asText(form.getFieldValue('dest'));
              return dest ? { dest, type: dest === found.email ? 'email' : 'phone', checkUser: found.name } : null;
            }}
          />
        )}
      </Field>
      <Button variant="primary" htmlType="submit" block loading={busyLoading(busy)} disabled={destinations.length === 0}>
        {t('forget.next')}
      </Button>
    </Form>
  );
}
