import type { Envelope } from '@gatehouse/entities';
import { useEffect, useRef, useState } from 'react';
import { useAccount } from '../../shared/auth/account-state';
import { busyLoading } from '../../shared/components/busy';
import { errorText } from '../../shared/components/error-text';
import { ResultTitle } from '../../shared/components/result-title';
import { ApiError, type Rec } from '../../shared/data/client';
import type { ProviderSigninRequest } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Result } from '../../shared/plain/feedback';
import { SigninCard, type SigninValues } from './signin-card';
import { useLoad } from './use-load';
import { useSecondFactor } from './use-second-factor';

/** What a protocol page passes its sign-in's answer through (components/use-second-factor.tsx). */
export type Settle = (answer: Envelope) => Promise<Envelope | null>;

/**
 * The sign-in page of a protocol request (OAuth authorization, SAML, CAS): loads and validates the
 * request's application (an invalid request is shown here, never redirected), signs the user in
 * with POST /api/login of the protocol's type, and hands the answer to `onSignedIn` (which sends the
 * browser back to the application). A signed-in user of the application's organization continues
 * without a password when the application allows auto sign-in (`autoContinue`), with a click
 * otherwise; `silent` (OAuth prompt=none) never shows a form.
 */
export interface ProtocolSigninProps {
  /** Key of the request (its parameters): the application is loaded again when it changes. */
  requestKey: unknown;
  loadApplication: () => Promise<Rec>;
  /**
   * POST /api/login for this protocol; values are absent when the session stands in. The answer
   * goes through `settle` (the second factor, or leaving for the MFA setup or the password reset),
   * and null, what settle gives when the sign-in stops here, is passed on.
   */
  signIn: (app: Rec, values: SigninValues | undefined, settle: Settle) => Promise<unknown>;
  onSignedIn: (data: unknown) => void;
  /** Never show a form: continue with the session or call onSilentFailure. */
  silent?: boolean;
  onSilentFailure?: () => void;
  /** Always ask for a password (OAuth prompt=login). */
  forceLogin?: boolean;
  /** Where the form's "sign up now" goes for this application (no link when absent or null). */
  signupLink?: (app: Rec) => string | null;
  /** The sign-in request the identity providers' buttons carry (they come back to this page's request). */
  providerSignin?: (app: Rec) => Omit<ProviderSigninRequest, 'from'>;
}

export function ProtocolSignin({
  requestKey,
  loadApplication,
  signIn,
  onSignedIn,
  silent,
  onSilentFailure,
  forceLogin,
  signupLink,
  providerSignin,
}: ProtocolSigninProps) {
  const { t } = useTranslation();
  const account = useAccount();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [useOtherAccount, setUseOtherAccount] = useState(!!forceLogin);
  const autoStarted = useRef(false);

  const app = useLoad(`signin-application:${JSON.stringify(requestKey)}`, loadApplication, { retries: 0 });
  const mfa = useSecondFactor({ app: app.data, protocol: true });

  const finish = async (values?: SigninValues) => {
    if (!app.data) return;
    setError(null);
    setBusy(true);
    try {
      const answer = await signIn(app.data, values, mfa.settle);
      if (answer === null) setBusy(false);
      else onSignedIn(answer);
    } catch (failure) {
      // The session's sign-in is too old for the request (max_age): the person signs in again, or,
      // when nothing may be shown (prompt=none), the application hears login_required.
      const again = failure instanceof ApiError && failure.code === 'signinAgainRequired';
      if (again && silent) onSilentFailure?.();
      if (again) setUseOtherAccount(true);
      setError(errorText(t, failure));
      setBusy(false);
    }
  };

  const signedInHere = !!account && !!app.data && account.user.owner === app.data.organization;
  useEffect(() => {
    if (!app.data || account === undefined || autoStarted.current || forceLogin) return;
    if (signedInHere && (app.data.enableAutoSignin || silent)) {
      autoStarted.current = true;
      void finish();
    } else if (silent) {
      autoStarted.current = true;
      onSilentFailure?.();
    }
  });

  if (app.error) {
    return (
      <div className="gh-page gh-row gh-center" style={{ padding: '8vh 12px' }}>
        <Result
          status="error"
          title={<ResultTitle>{t('signin.invalidRequest')}</ResultTitle>}
          subTitle={errorText(t, app.error)}
        />
      </div>
    );
  }
  const continueAs =
    signedInHere && !useOtherAccount ? (
      <div className="gh-col">
        <span>{t('signin.signedInAs', { name: account.user.displayName || account.user.name })}</span>
        <Button variant="primary" block loading={busyLoading(busy)} onClick={() => void finish()}>
          {t('signin.continue')}
        </Button>
        <Button variant="link" onClick={() => setUseOtherAccount(true)}>
          {t('signin.useAnotherAccount')}
        </Button>
      </div>
    ) : undefined;
  return (
    <SigninCard
      title={app.data?.displayName as string | undefined}
      logo={app.data?.logo as string | undefined}
      loading={app.isPending}
      busy={busy}
      error={error}
      onSubmit={(values) => void finish(values)}
      app={app.data}
      signupLink={app.data && signupLink ? signupLink(app.data) : null}
      // The protocol sign-in keeps a console session only under the application's sign-in session.
      keepsSession={app.data?.enableSigninSession === true}
      providerSignin={
        app.data && providerSignin
          ? { ...providerSignin(app.data), from: `${window.location.pathname}${window.location.search}` }
          : null
      }
    >
      {mfa.element ?? continueAs}
    </SigninCard>
  );
}
