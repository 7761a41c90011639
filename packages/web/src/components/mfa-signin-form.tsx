import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { type MfaProps, preferredMfaProps } from '@gatehouse/entities/plain';
import { Alert, Button, Flex, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactor } from '../data/mfa';
import { busyLoading } from './busy';
import { SendCodeInput } from './send-code-input';

interface Props {
  /** The methods the sign-in offers (the NextMfa answer's data2). */
  methods: MfaProps[];
  /** The application signed in to: its providers send the e-mail and SMS codes (method mfaAuth). */
  app: Record<string, unknown> | null | undefined;
  busy: boolean;
  error: string | null;
  onSubmit: (answer: SecondFactor) => void;
  /** Gives the sign-in up (back to the first step). */
  onCancel: () => void;
}

/**
 * The second step of a sign-in (Casdoor's MfaAuthVerifyForm): the code of the preferred method (the
 * authenticator app's, or one sent to the phone or e-mail address shown masked), another method
 * when the user has several, or a recovery code.
 */
export function MfaSigninForm({ methods, app, busy, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => preferredMfaProps(methods)?.mfaType ?? 'app');
  const [recovery, setRecovery] = useState(false);
  const method = methods.find((m) => m.mfaType === chosen) ?? methods[0];
  const errorAlert = error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />;

  const heading = (
    <Typography.Title level={2} style={{ fontSize: 20, textAlign: 'center' }}>
      {t(recovery ? 'mfa.recoverTitle' : 'mfa.title')}
    </Typography.Title>
  );

  if (recovery || !method) {
    return (
      <Form<{ recoveryCode: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={({ recoveryCode }) => onSubmit({ recoveryCode: recoveryCode.trim() })}
      >
        {heading}
        <Typography.Paragraph>{t('mfa.recoverHint')}</Typography.Paragraph>
        <Form.Item
          label={t('mfa.recoveryCode')}
          name="recoveryCode"
          rules={[{ required: true, whitespace: true, message: t('mfa.recoveryCodeRequired') }]}
        >
          <Input prefix={<KeyOutlined aria-hidden />} autoComplete="off" spellCheck={false} autoFocus />
        </Form.Item>
        {errorAlert}
        <FormFooter
          busy={busy}
          onCancel={onCancel}
          other={method ? { label: t('mfa.useCode'), onClick: () => setRecovery(false) } : undefined}
        />
      </Form>
    );
  }

  const sent = method.mfaType !== 'app';
  return (
    <Form<{ passcode: string }>
      key={method.mfaType}
      layout="vertical"
      requiredMark={false}
      onFinish={({ passcode }) => onSubmit({ mfaType: method.mfaType, passcode: passcode.trim() })}
    >
      {heading}
      {methods.length > 1 && (
        <Flex justify="center" style={{ marginBottom: 16 }}>
          <Segmented
            aria-label={t('mfa.method')}
            value={method.mfaType}
            onChange={(value) => setChosen(String(value))}
            options={methods.map((m) => ({ value: m.mfaType, label: t(`mfa.types.${m.mfaType}`) }))}
          />
        </Flex>
      )}
      <Typography.Paragraph>
        {sent
          ? t(method.mfaType === 'email' ? 'mfa.sentHintEmail' : 'mfa.sentHintPhone', { dest: method.secret ?? '' })
          : t('mfa.appHint')}
      </Typography.Paragraph>
      <Form.Item
        label={t('mfa.passcode')}
        name="passcode"
        rules={[{ required: true, whitespace: true, message: t('mfa.passcodeRequired') }]}
      >
        {sent ? (
          <SendCodeInput
            app={app}
            method="mfaAuth"
            autoFocus
            target={async () => ({ dest: method.secret ?? '', type: method.mfaType === 'email' ? 'email' : 'phone' })}
          />
        ) : (
          <Input
            prefix={<SafetyOutlined aria-hidden />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            style={{ letterSpacing: 4 }}
          />
        )}
      </Form.Item>
      {errorAlert}
      <FormFooter busy={busy} onCancel={onCancel} other={{ label: t('mfa.useRecoveryCode'), onClick: () => setRecovery(true) }} />
    </Form>
  );
}

/** Verify, then a link to the other way of proving it (code or recovery code) and the way back. */
function FormFooter({
  busy,
  onCancel,
  other,
}: {
  busy: boolean;
  onCancel: () => void;
  other?: { label: string; onClick: () => void };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="primary" htmlType="submit" block loading={busyLoading(busy)}>
        {t('mfa.verify')}
      </Button>
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        {other && (
          <Button type="link" style={{ paddingInline: 0 }} onClick={other.onClick}>
            {other.label}
          </Button>
        )}
        <Button type="link" style={{ paddingInline: 0 }} onClick={onCancel}>
          {t('signin.backToSignin')}
        </Button>
      </Flex>
    </>
  );
}
