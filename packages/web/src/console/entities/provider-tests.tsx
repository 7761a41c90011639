import { EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Envelope } from '@gatehouse/entities';
import { DEFAULT_SMS_TEST_CODE, isValidEmail } from '@gatehouse/entities/plain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, type FormInstance, Input, Modal, Spin, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { getCaptcha } from '../../shared/data/account';
import { type Rec, unwrap } from '../../shared/data/client';
import { textOf as asText } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText, useFeedback } from '../components/feedback';
import { parseJson } from '../crud/json-value';
import { sendEmail, sendNotification, sendSms } from '../data/messaging';
import { notificationReceiver } from './provider-fields';
import { captchaPreviewState, testPhoneNumber } from './provider-rules';
import type { FieldControlProps } from './ui-types';

/**
 * The provider's test row, in place of its receiver field: e-mail providers test
 * the SMTP connection and send a test e-mail (to the receiver), SMS providers send the test code,
 * notification providers a test message; captcha providers show a preview instead.
 */

/** The provider as being edited, in the wire's shapes (e-mail tests run before saving). */
function currentProvider(form: FormInstance, stored: Rec): Rec {
  const values = form.getFieldsValue(true) as Rec;
  return {
    ...stored,
    ...values,
    httpHeaders: parseJson(values.httpHeaders, () => ({})),
    userMapping: parseJson(values.userMapping, () => ({})),
  };
}

/** Runs one test call at a time: 'Successfully sent' (or the given message), else 'Failed to send: {msg}'. */
function useTestCall() {
  const feedback = useFeedback();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, call: () => Promise<Envelope<unknown>>, success = 'general.successfullySent') => {
    setBusy(key);
    try {
      unwrap(await call());
      feedback.success(success);
    } catch (error) {
      feedback.failure('general.failedToSend', error);
    } finally {
      setBusy(null);
    }
  };
  return { busy, run, feedback };
}

/** A receiver input with its buttons beside it (wrapping under it on phones) and an explanation under it. */
function TestRow({ input, buttons, note }: { input?: ReactNode; buttons: ReactNode; note?: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Flex wrap gap={8} align="center">
        {input && <div style={{ flex: '1 1 220px', minWidth: 0 }}>{input}</div>}
        {buttons}
      </Flex>
      {note}
    </Flex>
  );
}

function EmailTest({ id, value, onChange, disabled, stored }: FieldControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const type = asText(Form.useWatch('type'));
  const { busy, run, feedback } = useTestCall();
  const receiver = asText(value).trim();
  const invalid = receiver !== '' && !isValidEmail(receiver);
  const noteId = `${id ?? 'receiver'}-note`;
  const send = (receivers: string[]) => {
    const provider = currentProvider(form, stored);
    return sendEmail({
      title: asText(provider.title),
      content: asText(provider.content),
      sender: asText(provider.displayName),
      receivers,
      provider: String(stored.name),
      providerObject: provider,
      owner: String(stored.owner),
      name: String(stored.name),
    });
  };
  const sendTest = () => {
    if (!isValidEmail(receiver)) return feedback.error(t('provider.invalidEmailReceiver'));
    void run('email', () => send([receiver]));
  };
  // Only an SMTP server can be connected to without sending.
  const smtp = !['Custom HTTP Email', 'Azure ACS', 'SendGrid'].includes(type);
  return (
    <TestRow
      input={
        <Input
          id={id}
          value={asText(value)}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          inputMode="email"
          autoComplete="off"
          placeholder={t('provider.emailPlaceholder')}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? noteId : undefined}
        />
      }
      buttons={
        <>
          {smtp && (
            <Button
              disabled={disabled || busy !== null}
              loading={busyLoading(busy === 'smtp')}
              onClick={() => void run('smtp', () => send(['TestSmtpServer']), 'provider.smtpConnected')}
            >
              {t('provider.testSmtp')}
            </Button>
          )}
          <Button type="primary" disabled={disabled || busy !== null} loading={busyLoading(busy === 'email')} onClick={sendTest}>
            {t('provider.sendTestEmail')}
          </Button>
        </>
      }
      note={
        invalid && (
          <Typography.Text id={noteId} type="danger">
            {t('provider.invalidEmailReceiver')}
          </Typography.Text>
        )
      }
    />
  );
}

/** SMS and notification tests go through the saved provider (the server reads it by name). */
function SavedNote() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('provider.testUsesSaved')}</Typography.Text>;
}

function SmsTest({ id, value, onChange, disabled, stored }: FieldControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { busy, run, feedback } = useTestCall();
  const typed = asText(value);
  const invalid = typed.trim() !== '' && testPhoneNumber(typed) === null;
  const noteId = `${id ?? 'receiver'}-note`;
  const sendTest = () => {
    const values = form.getFieldsValue(true) as Rec;
    const phone = testPhoneNumber(typed);
    const customEndpoint = values.type === 'Custom HTTP SMS' && asText(values.endpoint).trim() !== '';
    if (phone === null && !customEndpoint) return feedback.error(t('provider.invalidPhoneReceiver'));
    const owner = String(stored.owner);
    const name = String(stored.name);
    void run('sms', () => sendSms(name, { content: DEFAULT_SMS_TEST_CODE, receivers: [phone ?? typed.trim()], owner, name }));
  };
  return (
    <TestRow
      input={
        <Input
          id={id}
          value={typed}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          inputMode="tel"
          autoComplete="off"
          placeholder={t('provider.phonePlaceholder')}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={noteId}
        />
      }
      buttons={
        <Button type="primary" disabled={disabled || busy !== null} loading={busyLoading(busy === 'sms')} onClick={sendTest}>
          {t('provider.sendTestSms')}
        </Button>
      }
      note={
        <Typography.Text id={noteId} type={invalid ? 'danger' : 'secondary'}>
          {t(invalid ? 'provider.invalidPhoneReceiver' : 'provider.testUsesSaved')}
        </Typography.Text>
      }
    />
  );
}

function NotificationTest({ id, value, onChange, disabled, stored }: FieldControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const type = asText(Form.useWatch('type'));
  const { busy, run } = useTestCall();
  const owner = String(stored.owner);
  const name = String(stored.name);
  const sendTest = () => {
    const content = asText(form.getFieldValue('content'));
    void run('notification', () => sendNotification(name, { content, owner, name }));
  };
  const button = (
    <Button
      id={notificationReceiver(type) ? undefined : id}
      type="primary"
      disabled={disabled || busy !== null}
      loading={busyLoading(busy === 'notification')}
      onClick={sendTest}
    >
      {t('provider.sendTestNotification')}
    </Button>
  );
  return (
    <TestRow
      input={
        notificationReceiver(type) && (
          <Input
            id={id}
            value={asText(value)}
            onChange={(e) => onChange?.(e.target.value)}
            disabled={disabled}
            autoComplete="off"
          />
        )
      }
      buttons={button}
      note={<SavedNote />}
    />
  );
}

/** The captcha of the saved provider, as the sign-in page would show it (the built-in image captcha). */
function CaptchaModal({ owner, name, onClose }: { owner: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const captcha = useQuery({
    queryKey: ['captcha-preview', owner, name],
    queryFn: async () => unwrap(await getCaptcha(owner, name)).data,
    gcTime: 0,
    retry: false,
  });
  const image = captcha.data?.captchaImage ?? '';
  const src = image.startsWith('data:') ? image : `data:image/png;base64,${image}`;
  return (
    <Modal open title={t('provider.captchaPreviewTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical gap={12} align="center">
        {captcha.isPending ? (
          <Spin />
        ) : captcha.error ? (
          <Alert type="error" showIcon title={errorText(t, captcha.error)} style={{ width: '100%' }} />
        ) : (
          <img src={src} alt={t('provider.captchaImageAlt')} style={{ maxWidth: '100%', height: 'auto' }} />
        )}
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void captcha.refetch()} disabled={captcha.isFetching}>
          {t('provider.refreshCaptcha')}
        </Button>
      </Flex>
    </Modal>
  );
}

function CaptchaPreview({ id, stored }: FieldControlProps) {
  const { t } = useTranslation();
  const values = Form.useWatch((all: Rec) => all, { preserve: true }) ?? {};
  const [open, setOpen] = useState(false);
  const state = captchaPreviewState({ ...stored, ...values });
  const reason = state === 'needsKeys' ? t('provider.captchaNeedsKeys') : t('provider.captchaUnavailable');
  const button = (
    <Button id={id} icon={<EyeOutlined aria-hidden />} disabled={state !== 'ready'} onClick={() => setOpen(true)}>
      {t('provider.previewCaptcha')}
    </Button>
  );
  return (
    <TestRow
      buttons={
        state === 'ready' ? (
          button
        ) : (
          // A disabled button gets no pointer events: the tooltip sits on its wrapper.
          <Tooltip title={reason}>
            <span style={{ display: 'inline-block' }}>{button}</span>
          </Tooltip>
        )
      }
      note={
        <>
          <Typography.Text type="secondary">{state === 'ready' ? t('provider.testUsesSaved') : reason}</Typography.Text>
          {open && <CaptchaModal owner={String(stored.owner)} name={String(stored.name)} onClose={() => setOpen(false)} />}
        </>
      }
    />
  );
}

export function ProviderTestField(props: FieldControlProps) {
  const category = asText(Form.useWatch('category'));
  switch (category) {
    case 'Email':
      return <EmailTest {...props} />;
    case 'SMS':
      return <SmsTest {...props} />;
    case 'Notification':
      return <NotificationTest {...props} />;
    case 'Captcha':
      return <CaptchaPreview {...props} />;
    default:
      return null;
  }
}
