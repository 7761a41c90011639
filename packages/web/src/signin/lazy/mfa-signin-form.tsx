import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import { type MfaProps, preferredMfaProps } from '@gatehouse/entities/plain';
import { type ReactNode, useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { SendCodeInput } from '../../shared/components/send-code-input';
import type { SecondFactor } from '../../shared/data/mfa';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Segmented } from '../../shared/plain/choices';
import { Alert } from '../../shared/plain/feedback';
import { Icon } from '../../shared/plain/icon';
import { Input } from '../../shared/plain/input';
import { asText, Field, Form, required, useForm } from '../components/form';

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
  const errorAlert = error && <Alert type="error" title={error} style={{ marginBottom: 16 }} />;

  const heading = <h2 style={{ fontSize: 20, textAlign: 'center' }}>{t(recovery ? 'mfa.recoverTitle' : 'mfa.title')}</h2>;

  if (recovery || !method) {
    return (
      <RecoveryForm
        heading={heading}
        error={errorAlert}
        busy={busy}
        onSubmit={onSubmit}
        onCancel={onCancel}
        other={method ? { label: t('mfa.useCode'), onClick: () => setRecovery(false) } : undefined}
      />
    );
  }
  return (
    <PasscodeForm
      key={method.mfaType}
      method={method}
      methods={methods}
      onChoose={setChosen}
      app={app}
      heading={heading}
      error={errorAlert}
      busy={busy}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onRecovery={() => setRecovery(true)}
    />
  );
}

interface StepProps {
  heading: ReactNode;
  error: ReactNode;
  busy: boolean;
  onSubmit: (answer: SecondFactor) => void;
  onCancel: () => void;
}

function RecoveryForm({ heading, error, busy, onSubmit, onCancel, other }: StepProps & { other?: FooterLink }) {
  const { t } = useTranslation();
  const form = useForm('mfa-recovery');
  return (
    <Form form={form} onFinish={(values) => onSubmit({ recoveryCode: asText(values.recoveryCode).trim() })}>
      {heading}
      <p>{t('mfa.recoverHint')}</p>
      <Field label={t('mfa.recoveryCode')} name="recoveryCode" rules={[required(t('mfa.recoveryCodeRequired'))]} read={asText}>
        {(control) => <Input {...control} prefix={<Icon icon={KeyOutlined} />} autoComplete="off" spellCheck={false} autoFocus />}
      </Field>
      {error}
      <FormFooter busy={busy} onCancel={onCancel} other={other} />
    </Form>
  );
}

function PasscodeForm({
  method,
  methods,
  onChoose,
  app,
  heading,
  error,
  busy,
  onSubmit,
  onCancel,
  onRecovery,
}: StepProps & {
  method: MfaProps;
  methods: MfaProps[];
  onChoose: (type: string) => void;
  app: Record<string, unknown> | null | undefined;
  onRecovery: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm('mfa');
  const sent = method.mfaType !== 'app';
  return (
    <Form form={form} onFinish={(values) => onSubmit({ mfaType: method.mfaType, passcode: asText(values.passcode).trim() })}>
      {heading}
      {methods.length > 1 && (
        <div className="gh-row gh-center" style={{ marginBottom: 16 }}>
          <Segmented
            label={t('mfa.method')}
            name="mfa-method"
            value={method.mfaType}
            onChange={onChoose}
            options={methods.map((m) => ({ value: m.mfaType, label: t(`mfa.types.${m.mfaType}`) }))}
          />
        </div>
      )}
      <p>
        {sent
          ? t(method.mfaType === 'email' ? 'mfa.sentHintEmail' : 'mfa.sentHintPhone', { dest: method.secret ?? '' })
          : t('mfa.appHint')}
      </p>
      <Field label={t('mfa.passcode')} name="passcode" rules={[required(t('mfa.passcodeRequired'))]} read={asText}>
        {(control) =>
          sent ? (
            <SendCodeInput
              {...control}
              app={app}
              method="mfaAuth"
              autoFocus
              target={async () => ({ dest: method.secret ?? '', type: method.mfaType === 'email' ? 'email' : 'phone' })}
            />
          ) : (
            <Input
              {...control}
              prefix={<Icon icon={SafetyOutlined} />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              style={{ letterSpacing: 4 }}
            />
          )
        }
      </Field>
      {error}
      <FormFooter busy={busy} onCancel={onCancel} other={{ label: t('mfa.useRecoveryCode'), onClick: onRecovery }} />
    </Form>
  );
}

interface FooterLink {
  label: string;
  onClick: () => void;
}

/** Verify, then a link to the other way of proving it (code or recovery code) and the way back. */
function FormFooter({ busy, onCancel, other }: { busy: boolean; onCancel: () => void; other?: FooterLink }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="primary" htmlType="submit" block loading={busyLoading(busy)}>
        {t('mfa.verify')}
      </Button>
      <div className="gh-row gh-between" style={{ marginTop: 16 }}>
        {other && (
          <button type="button" className="gh-link" onClick={other.onClick}>
            {other.label}
          </button>
        )}
        <button type="button" className="gh-link" onClick={onCancel}>
          {t('signin.backToSignin')}
        </button>
      </div>
    </>
  );
}
