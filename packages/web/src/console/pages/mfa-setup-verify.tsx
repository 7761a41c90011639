import type { MfaProps, MfaType } from '@gatehouse/entities/plain';
import { QR_CODE_MAX_LENGTH } from '@gatehouse/entities/plain';
import { Alert, Button, Flex, Form, Input, QRCode, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { CopyableCode } from '../../shared/components/copyable-code';
import { SendCodeInput } from '../../shared/components/send-code-input';
import type { Rec } from '../../shared/data/client';
import { unwrap } from '../../shared/data/client';
import { verifyMfa } from '../../shared/data/mfa';
import { useTranslation } from '../../shared/i18n/i18n';
import type { Account } from '../auth/account';
import { errorText } from '../components/feedback';

/** What the verify step proved: the address the codes go to, when the user had none. */
export interface Proven {
  dest: string;
  countryCode: string;
}

interface Props {
  account: Account;
  type: MfaType;
  /** The setup's props (initiate's answer). */
  props: MfaProps;
  /** The user's application, whose providers send the codes. */
  application: Rec | null | undefined;
  onVerified: (proven: Proven) => void;
}

/**
 * Step 1 of the MFA setup page: the user proves the method. The authenticator app scans the QR
 * code of its otpauth URL (or takes the secret typed) and gives its current code; e-mail and phone
 * receive a code (method mfaSetup) at the user's address, or at the one they type when they have
 * none.
 */
export function MfaSetupVerify({ account, type, props, application, onVerified }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ passcode: string; dest: string; countryCode: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { user } = account;
  const own = type === 'email' ? user.email : type === 'sms' ? user.phone : '';
  const countryCodes = account.organization?.countryCodes ?? [];

  const verify = async (values: { passcode: string; dest?: string; countryCode?: string }) => {
    setError(null);
    setBusy(true);
    const proven = { dest: own || (values.dest ?? '').trim(), countryCode: own ? user.countryCode : (values.countryCode ?? '') };
    try {
      unwrap(
        await verifyMfa({
          owner: user.owner,
          name: user.name,
          mfaType: type,
          passcode: values.passcode.trim(),
          ...(type === 'app' ? { secret: props.secret ?? '' } : proven),
        }),
      );
      onVerified(proven);
    } catch (failure) {
      setError(errorText(t, failure));
      form.setFieldValue('passcode', '');
    } finally {
      setBusy(false);
    }
  };

  const url = props.url ?? '';
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ countryCode: user.countryCode || countryCodes[0] || '' }}
      onFinish={(values) => void verify(values)}
    >
      {type === 'app' ? (
        <Flex vertical align="center" gap={12} style={{ marginBottom: 16 }}>
          {url.length > QR_CODE_MAX_LENGTH ? (
            <Alert type="error" showIcon role="alert" title={t('mfa.qrTooLarge')} />
          ) : (
            <QRCode value={url} aria-label={t('mfa.qrCode')} role="img" errorLevel="M" />
          )}
          <Typography.Text>{t('mfa.scanHint')}</Typography.Text>
          <Typography.Text type="secondary">{t('mfa.secretHint')}</Typography.Text>
          <CopyableCode code={props.secret ?? ''} label={t('mfa.secret')} />
        </Flex>
      ) : own ? (
        <Typography.Paragraph>{t(type === 'email' ? 'mfa.yourEmail' : 'mfa.yourPhone', { dest: own })}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph>{t(type === 'email' ? 'mfa.bindEmail' : 'mfa.bindPhone')}</Typography.Paragraph>
          <Form.Item label={t(type === 'email' ? 'signin.email' : 'signin.phone')} required>
            <Space.Compact style={{ width: '100%' }}>
              {type === 'sms' && (
                <Form.Item name="countryCode" noStyle>
                  <Select
                    aria-label={t('user.countryCode')}
                    style={{ width: 100 }}
                    options={countryCodes.map((code) => ({ value: code, label: code }))}
                  />
                </Form.Item>
              )}
              <Form.Item
                name="dest"
                noStyle
                rules={[
                  { required: true, whitespace: true, message: t(type === 'email' ? 'mfa.emailRequired' : 'mfa.phoneRequired') },
                ]}
              >
                <Input
                  aria-label={t(type === 'email' ? 'signin.email' : 'signin.phone')}
                  type={type === 'email' ? 'email' : 'tel'}
                  autoComplete={type === 'email' ? 'email' : 'tel'}
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </>
      )}
      <Form.Item
        label={t('mfa.passcode')}
        name="passcode"
        rules={[{ required: true, whitespace: true, message: t('mfa.passcodeRequired') }]}
      >
        {type === 'app' ? (
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ letterSpacing: 4 }} />
        ) : (
          <SendCodeInput
            app={application}
            method="mfaSetup"
            target={async () => {
              if (own) return { dest: own, type: type === 'email' ? 'email' : 'phone', countryCode: user.countryCode };
              await form.validateFields(['dest']);
              const dest = String(form.getFieldValue('dest') ?? '').trim();
              return {
                dest,
                type: type === 'email' ? 'email' : 'phone',
                countryCode: String(form.getFieldValue('countryCode') ?? ''),
              };
            }}
          />
        )}
      </Form.Item>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busyLoading(busy)}>
        {t('mfa.nextStep')}
      </Button>
    </Form>
  );
}
