import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { asCaptcha, type CaptchaValue, captchaApplicationId, captchaRuleOf } from '../../shared/components/captcha-rule';
import { getCaptchaStatus } from '../../shared/data/account';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { Field } from './form';

/**
 * The captcha of the sign-in card, by the application's rule: Always asks before every password
 * sign-in, Dynamic once the server says the login needs one (get-captcha-status: after a wrong
 * password), None never. The captcha sits in the form at the Captcha item ("inline") or opens in
 * a dialog when the sign-in is sent ("pop up", the default). Its code (and any vendor script)
 * loads only when a captcha is shown.
 */

const CaptchaWidget = lazy(() => import('../../shared/components/captcha-widget').then((m) => ({ default: m.CaptchaWidget })));
const CaptchaModal = lazy(() => import('../../shared/components/captcha-widget').then((m) => ({ default: m.CaptchaModal })));

/** What the card signs in with; the page sends it as the body of POST /api/login. */
export interface SigninSubmission {
  username: string;
  password: string;
  autoSignin: boolean;
  /** LDAP: the directory's password of a user synced from LDAP (else the Password method). */
  signinMethod?: string;
  captchaType?: string;
  captchaToken?: string;
  clientSecret?: string;
}

interface Options {
  app: Record<string, unknown> | null | undefined;
  /** The organization signed in to (the application's unless the page says otherwise). */
  organization?: string;
  /** The layout places the captcha in the form (the Captcha item's "inline" rule). */
  inline: boolean;
  /** The page's last refusal: a shown captcha was spent, and Dynamic may need one now. */
  error: string | null;
  onSubmit: (values: SigninSubmission) => void;
}

export interface SigninCaptcha {
  /** Sends the form's values, first asking for a captcha when the sign-in needs one. */
  submit: (values: SigninSubmission & { captcha?: CaptchaValue | null }) => Promise<void>;
  /** The form item of an inline captcha (null when none is shown). */
  field: ReactNode;
  /** The dialog of a pop-up captcha (null when closed). */
  modal: ReactNode;
}

/** The captcha as a form control (the form item gives it its value and onChange). */
function CaptchaField({
  value,
  onChange,
  applicationId,
  onNone,
  id,
}: {
  value: CaptchaValue | null;
  onChange: (value: CaptchaValue | null) => void;
  applicationId: string;
  onNone: () => void;
  id: string;
}) {
  // A new challenge (after a refusal) replaces the answer the form kept: that one is spent.
  const kept = useRef(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the field appears.
  useEffect(() => {
    if (kept.current) onChange(null);
  }, []);
  return (
    <Suspense fallback={null}>
      <CaptchaWidget id={id} applicationId={applicationId} onChange={(value) => onChange(value)} onNone={onNone} />
    </Suspense>
  );
}

export function useSigninCaptcha({ app, organization, inline, error, onSubmit }: Options): SigninCaptcha {
  const { t } = useTranslation();
  const rule = captchaRuleOf(app);
  const applicationId = captchaApplicationId(app);
  const [dynamicShown, setDynamicShown] = useState(false);
  // The application turned out to have no captcha (get-captcha answered none): nothing to ask.
  const [none, setNone] = useState(false);
  const [draw, setDraw] = useState(0);
  const [pending, setPending] = useState<SigninSubmission | null>(null);
  const lastUsername = useRef('');
  const spent = useRef(false);

  const inlineShown = inline && !none && (rule === 'Always' || (rule === 'Dynamic' && dynamicShown));

  const needed = async (username: string): Promise<boolean> => {
    if (none || rule === 'None') return false;
    if (rule === 'Always') return true;
    try {
      const status = unwrap(
        await getCaptchaStatus({
          organization: organization || String(app?.organization ?? ''),
          userId: username,
          application: String(app?.name ?? ''),
        }),
      );
      return status.data === true;
    } catch {
      // The server decides anyway: a sign-in that needed a captcha is refused and asked again.
      return false;
    }
  };

  const submit = async ({ captcha, ...values }: SigninSubmission & { captcha?: CaptchaValue | null }) => {
    lastUsername.current = values.username;
    if (inlineShown) {
      spent.current = !!captcha;
      onSubmit(captcha ? { ...values, ...captcha } : values);
      return;
    }
    if (!(await needed(values.username))) {
      onSubmit(values);
      return;
    }
    if (inline) setDynamicShown(true);
    else setPending(values);
  };

  // After a refusal: the captcha sent with it is spent (a new one is drawn); under Dynamic the wrong
  // password may have made a captcha necessary for the next try.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new refusal matters.
  useEffect(() => {
    if (!error) return;
    if (spent.current) {
      spent.current = false;
      setDraw((n) => n + 1);
    }
    if (rule === 'Dynamic' && inline && !dynamicShown && lastUsername.current) {
      void needed(lastUsername.current).then((yes) => yes && setDynamicShown(true));
    }
  }, [error]);

  const field = inlineShown ? (
    <Field
      className="login-captcha"
      name="captcha"
      label={t('captcha.answer')}
      rules={[(value) => (asCaptcha(value) ? null : t('captcha.required'))]}
      read={asCaptcha}
    >
      {({ id, value, onChange }) => (
        <CaptchaField
          key={draw}
          id={id}
          value={value ?? null}
          onChange={onChange}
          applicationId={applicationId}
          onNone={() => setNone(true)}
        />
      )}
    </Field>
  ) : null;

  const modal = pending ? (
    <Suspense fallback={null}>
      <CaptchaModal
        applicationId={applicationId}
        onCancel={() => setPending(null)}
        onOk={(captcha) => {
          setPending(null);
          spent.current = true;
          onSubmit({ ...pending, ...captcha });
        }}
        onNone={() => {
          setNone(true);
          setPending(null);
          onSubmit(pending);
        }}
      />
    </Suspense>
  ) : null;

  return { submit, field, modal };
}
