import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAccountState } from '../../shared/auth/account-state';
import { AppLinkButton } from '../../shared/components/app-link';
import { errorText } from '../../shared/components/error-text';
import { ResultTitle } from '../../shared/components/result-title';
import { logout } from '../../shared/data/account';
import { unwrap } from '../../shared/data/client';
import { getAppLogin } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Alert, Result, Spinning } from '../../shared/plain/feedback';
import { casAppLoginQuery, casLoginPath, casRequest } from '../components/cas-request';
import { PublicResultLayout } from '../components/public-result-layout';

type Outcome = { kind: 'signedOut'; serviceRefused?: string } | { kind: 'failed'; message: string };

/**
 * The CAS sign-out page (/cas/{organization}/{application}/logout?service=...; CAS protocol §2.3):
 * ends the session, then returns to the service when the application accepts it (the same check as
 * the sign-in page: an unknown service is never redirected to), else says that the person is
 * signed out and offers to sign in again.
 */
export default function CasLogoutPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const { refresh } = useAccountState();
  const request = useMemo(
    () => casRequest(params.owner ?? '', params.application ?? '', search),
    [params.owner, params.application, search],
  );
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // One sign-out per attempt (effects run twice in development).
    if (started.current === attempt) return;
    started.current = attempt;
    void (async () => {
      try {
        unwrap(await logout());
      } catch (failure) {
        setOutcome({ kind: 'failed', message: errorText(t, failure) });
        return;
      }
      void refresh();
      if (!request.service) {
        setOutcome({ kind: 'signedOut' });
        return;
      }
      try {
        unwrap(await getAppLogin(casAppLoginQuery(request)));
        window.location.assign(request.service);
      } catch (failure) {
        setOutcome({ kind: 'signedOut', serviceRefused: errorText(t, failure) });
      }
    })();
  }, [attempt, request, refresh, t]);

  let content: ReactNode;
  if (!outcome) {
    content = <Result icon={<Spinning />} title={<span role="status">{t('cas.signingOut')}</span>} />;
  } else if (outcome.kind === 'failed') {
    content = (
      <Result
        status="error"
        title={<ResultTitle>{t('general.failedToLogOut', { msg: outcome.message })}</ResultTitle>}
        extra={
          <Button
            variant="primary"
            onClick={() => {
              setOutcome(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('general.retry')}
          </Button>
        }
      />
    );
  } else {
    const again = casLoginPath({ ...request, service: outcome.serviceRefused ? '' : request.service });
    content = (
      <Result
        status="success"
        title={<ResultTitle>{t('cas.signedOutTitle')}</ResultTitle>}
        subTitle={t('cas.signedOutHint')}
        extra={
          <div className="gh-col" style={{ alignItems: 'center', gap: 16 }}>
            {outcome.serviceRefused && (
              <Alert
                type="warning"
                style={{ textAlign: 'start' }}
                title={t('cas.serviceRefused', { msg: outcome.serviceRefused })}
              />
            )}
            <AppLinkButton to={again}>{t('cas.signInAgain')}</AppLinkButton>
          </div>
        }
      />
    );
  }
  return <PublicResultLayout>{content}</PublicResultLayout>;
}
