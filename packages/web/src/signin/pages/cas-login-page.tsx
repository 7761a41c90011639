import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAccountState } from '../../shared/auth/account-state';
import { ResultTitle } from '../../shared/components/result-title';
import { type Rec, unwrap } from '../../shared/data/client';
import { casLogin, getAppLogin } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Result } from '../../shared/plain/feedback';
import { casAppLoginQuery, casLoginQuery, casRequest } from '../components/cas-request';
import { ProtocolSignin } from '../components/protocol-signin';
import { PublicResultLayout } from '../components/public-result-layout';

/**
 * The CAS sign-in page (/cas/{organization}/{application}/login?service=...), where the CAS server
 * sends browsers (Casdoor: web/src/auth/LoginPage.js, type cas). The application and the service
 * are checked by get-app-login first (a refused service is shown, never redirected to); signing in
 * (POST /api/login type=cas) answers the service URL with ?ticket=ST-..., where the browser goes.
 * renew asks for the password even with a session; gateway never asks: it continues with the
 * session or returns to the service without a ticket. Without a service the person is only signed
 * in to single sign-on, which the page says (CAS protocol §2.1.1).
 */
export default function CasLoginPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const { refresh } = useAccountState();
  const [signedIn, setSignedIn] = useState<Rec | null>(null);
  const request = useMemo(
    () => casRequest(params.owner ?? '', params.application ?? '', search),
    [params.owner, params.application, search],
  );

  if (signedIn) return <SignedIn application={signedIn} />;
  return (
    <ProtocolSignin
      requestKey={['cas', request]}
      loadApplication={async () => unwrap(await getAppLogin(casAppLoginQuery(request))).data as Rec}
      signIn={async (app, values, settle) => {
        try {
          const envelope = await settle(
            unwrap(
              await casLogin(casLoginQuery(request), {
                application: String(app.name),
                organization: String(app.organization),
                ...values,
              }),
            ),
          );
          return envelope && { app, url: typeof envelope.data2 === 'string' ? envelope.data2 : '' };
        } catch (failure) {
          // gateway: when the session cannot stand in, the service gets the browser back without a ticket.
          if (request.gateway && !values) return { app, url: request.service };
          throw failure;
        }
      }}
      onSignedIn={(answer) => {
        const { app, url } = answer as { app: Rec; url: string };
        if (url) {
          window.location.assign(url);
          return;
        }
        void refresh();
        setSignedIn(app);
      }}
      silent={request.gateway}
      onSilentFailure={() => window.location.assign(request.service)}
      forceLogin={request.renew}
      providerSignin={(app) => ({
        type: 'cas',
        query: casLoginQuery(request),
        body: { application: String(app.name), organization: String(app.organization) },
      })}
    />
  );
}

/** Signed in without a service: single sign-on is open for the application's services. */
function SignedIn({ application }: { application: Rec }) {
  const { t } = useTranslation();
  return (
    <PublicResultLayout>
      <Result
        status="success"
        title={<ResultTitle>{t('cas.signedInTitle')}</ResultTitle>}
        subTitle={t('cas.signedInHint', { application: String(application.displayName || application.name) })}
      />
    </PublicResultLayout>
  );
}
