import { lazy, Suspense, useEffect, useState } from 'react';
import { type SendCodeForm, sendVerificationCode } from '../data/account';
import { unwrap } from '../data/client';
import { useTranslation } from '../i18n/i18n';
import { Button } from '../plain/button';
import { Input } from '../plain/input';
import { busyLoading } from './busy';
import { type CaptchaValue, captchaApplicationId, captchaRuleOf } from './captcha-rule';
import { errorText } from './error-text';

// The captcha (and any vendor script) loads only when an application asks for one before sending.
const CaptchaModal = lazy(() => import('./captcha-widget').then((m) => ({ default: m.CaptchaModal })));

/** Seconds before the same page offers to send again (the server's default limit per receiver). */
export const RESEND_SECONDS = 60;

/** Where a code goes, read from the page's other inputs when the button is pressed. */
export interface CodeTarget {
  dest: string;
  type: 'email' | 'phone';
  countryCode?: string;
  checkUser?: string;
}

interface Props {
  /** From the form item: the code typed (antd's Form.Item in the console, signin/components/form.tsx on the sign-in pages). */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  invalid?: boolean;
  'aria-describedby'?: string;
  /** The application sending (its providers send; its captcha rule may ask for a captcha first). */
  app: Record<string, unknown> | null | undefined;
  method: SendCodeForm['method'];
  /** The receiver now (after checking its input), or null when it is not valid yet. */
  target: () => Promise<CodeTarget | null>;
  placeholder?: string;
  autoFocus?: boolean;
}

/** "e-mail address or phone number" → the type of code it receives. */
export function codeTypeOf(dest: string): 'email' | 'phone' {
  return dest.includes('@') ? 'email' : 'phone';
}

/**
 * The code input of a page that sends a code (sign-in by code, sign-up, forgotten password): the
 * input and a "Send Code" button, which asks for the application's captcha when its rule asks for
 * one, then counts down before a code may be sent again.
 */
export function SendCodeInput({
  id,
  value,
  onChange,
  invalid,
  'aria-describedby': describedBy,
  app,
  method,
  target,
  placeholder,
  autoFocus,
}: Props) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [asking, setAsking] = useState<CodeTarget | null>(null);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async (to: CodeTarget, captcha?: CaptchaValue) => {
    setError(null);
    setSending(true);
    try {
      unwrap(await sendVerificationCode({ ...to, applicationId: captchaApplicationId(app), method, ...captcha }));
      setSentTo(to.dest);
      setLeft(RESEND_SECONDS);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setSending(false);
    }
  };

  const start = async () => {
    let to: CodeTarget | null = null;
    try {
      to = await target();
    } catch {
      // The receiver's input shows what is wrong with it.
    }
    if (!to) return;
    if (captchaRuleOf(app) !== 'None') setAsking(to);
    else await send(to);
  };

  return (
    <>
      <div className="gh-compact">
        <Input
          id={id}
          value={value}
          onChange={(typed) => onChange?.(typed)}
          invalid={invalid}
          aria-describedby={describedBy}
          placeholder={placeholder || t('code.placeholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={autoFocus}
        />
        <Button className="send-code-button" disabled={left > 0} loading={busyLoading(sending)} onClick={() => void start()}>
          {left > 0 ? t('code.resendIn', { seconds: left }) : t('code.send')}
        </Button>
      </div>
      {error && (
        <span className="gh-danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {error}
        </span>
      )}
      {sentTo && !error && (
        <span className="gh-secondary" role="status" style={{ display: 'block', marginTop: 4 }}>
          {t('code.sent', { dest: sentTo })}
        </span>
      )}
      {asking && (
        <Suspense fallback={null}>
          <CaptchaModal
            applicationId={captchaApplicationId(app)}
            onCancel={() => setAsking(null)}
            onOk={(captcha) => {
              setAsking(null);
              void send(asking, captcha);
            }}
            onNone={() => {
              setAsking(null);
              void send(asking);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
