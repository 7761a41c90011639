import type { Envelope, MfaProps } from '@gatehouse/entities';
import { NEXT_MFA, REQUIRED_MFA, REQUIRED_UPDATE_PASSWORD } from '@gatehouse/entities/plain';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/components/error-text';
import { MFA_RETURN_KEY } from '../../shared/components/return-target';
import { unwrap } from '../../shared/data/client';
import { type SecondFactor, secondFactorLogin } from '../../shared/data/mfa';
import { useTranslation } from '../../shared/i18n/i18n';
import { Skeleton } from '../../shared/plain/feedback';

// The second step's forms load when a sign-in asks for one (most accounts have no second factor).
const MfaSigninForm = lazy(() => import('../lazy/mfa-signin-form').then((m) => ({ default: m.MfaSigninForm })));
const RecoveryCodeNotice = lazy(() => import('../lazy/recovery-code-notice').then((m) => ({ default: m.RecoveryCodeNotice })));

interface Options {
  /** The application signed in to (its providers send the e-mail and SMS codes). */
  app: Record<string, unknown> | null | undefined;
  /**
   * A protocol's sign-in page (OAuth, SAML, CAS, a device, a provider's callback): a sign-in the
   * organization lets through only after an MFA setup, or whose password must change first, leaves
   * for the console's setup page (coming back here afterwards) or the forgotten-password page.
   * The console's own sign-in page lets its guard and shell do that.
   */
  protocol?: boolean;
  /** Where to come back to after the MFA setup (default: this page). */
  returnTo?: string;
}

/**
 * The steps of a sign-in after POST /api/login answered (Casdoor's checkLoginMfa): `settle` takes
 * the answer and resolves with the answer that carries the credential. On "NextMfa" it shows the
 * second step (`element`, in place of the page's form) and resolves once it is done; a recovery
 * code's replacement is shown before the sign-in goes on. It resolves null when the sign-in was
 * given up or the page leaves for another.
 */
export function useSecondFactor({ app, protocol = false, returnTo }: Options) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [methods, setMethods] = useState<MfaProps[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recoveryCode, setRecoveryCode] = useState<string | null>(null);
  const waiting = useRef<((envelope: Envelope | null) => void) | null>(null);
  const answered = useRef<Envelope | null>(null);
  const left = useRef(false);

  const finish = (envelope: Envelope | null) => {
    setMethods(null);
    setRecoveryCode(null);
    const resolve = waiting.current;
    waiting.current = null;
    resolve?.(envelope);
  };

  const submit = async (answer: SecondFactor) => {
    setError(null);
    setBusy(true);
    try {
      const envelope = unwrap(await secondFactorLogin(answer));
      const replacement = envelope.recoveryCodes?.[0];
      if (replacement) {
        answered.current = envelope;
        setRecoveryCode(replacement);
      } else finish(envelope);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  const secondStep = (list: MfaProps[]) =>
    new Promise<Envelope | null>((resolve) => {
      setError(null);
      setMethods(list);
      waiting.current = resolve;
    });

  const settle = async (first: Envelope): Promise<Envelope | null> => {
    const envelope = first.data === NEXT_MFA ? await secondStep(Array.isArray(first.data2) ? first.data2 : []) : first;
    if (!envelope || !protocol) return envelope;
    if (envelope.data === REQUIRED_MFA) {
      // Signed in to the console to enable the method; then back to this page, where the session stands in.
      sessionStorage.setItem(MFA_RETURN_KEY, returnTo ?? `${window.location.pathname}${window.location.search}`);
      left.current = true;
      void navigate('/mfa/setup', { state: { from: '/login' } });
      return null;
    }
    if (envelope.data === REQUIRED_UPDATE_PASSWORD) {
      left.current = true;
      void navigate(`/forget/${encodeURIComponent(String(app?.name ?? ''))}`);
      return null;
    }
    return envelope;
  };

  let step: ReactNode = null;
  if (recoveryCode) step = <RecoveryCodeNotice code={recoveryCode} onContinue={() => finish(answered.current)} />;
  else if (methods)
    step = (
      <MfaSigninForm
        methods={methods}
        app={app}
        busy={busy}
        error={error}
        onSubmit={(answer) => void submit(answer)}
        onCancel={() => finish(null)}
      />
    );
  const element = step && <Suspense fallback={<Skeleton rows={3} />}>{step}</Suspense>;
  /** Whether settle's null meant leaving this page (rather than a sign-in given up). */
  const hasLeft = () => left.current;
  return { settle, element, hasLeft };
}
