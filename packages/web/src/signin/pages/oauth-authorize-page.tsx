import { REQUIRED_MFA, REQUIRED_UPDATE_PASSWORD } from '@gatehouse/entities/plain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { type Rec, unwrap } from '../../shared/data/client';
import { getAppLogin, oauthLogin } from '../../shared/data/signin-flows';
import { PageSpin } from '../../shared/plain/feedback';
import { isConsentRequired } from '../components/oauth-consent-model';
import { authorizationError, authorizationQuery, authorizationRedirect } from '../components/oauth-redirect';
import { ProtocolSignin } from '../components/protocol-signin';
import { signupLinkOf } from '../components/signin-links';

// The consent screen loads when a request needs the user's consent (after signing in).
const OAuthConsent = lazy(() => import('./oauth-consent').then((m) => ({ default: m.OAuthConsent })));

/**
 * The OAuth 2.0 / OpenID Connect authorization endpoint (/login/oauth/authorize): the request is
 * validated by get-app-login; signing in answers a code (query) or tokens (fragment) for the
 * redirect URI, or {required: true} when the request needs the user's consent, which shows the
 * consent screen (Allow: the code; Deny: error=access_denied). prompt=none never shows a form
 * (consent_required when consent is needed); prompt=login always asks for the password.
 */
export default function OAuthAuthorizePage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const query = useMemo(() => authorizationQuery(search), [search]);
  const prompt = search.get('prompt') ?? '';
  const silent = prompt === 'none';
  const [consentApp, setConsentApp] = useState<Rec | null>(null);
  const back = (data: string, fragmentParams?: unknown) =>
    window.location.assign(authorizationRedirect(query.redirectUri, query.responseType, data, query.state, fragmentParams));
  const fail = (error: string) =>
    window.location.assign(authorizationError(query.redirectUri, error, query.state, query.responseType));

  if (consentApp)
    return (
      <Suspense fallback={<PageSpin />}>
        <OAuthConsent app={consentApp} query={query} onGranted={back} onDeny={() => fail('access_denied')} />
      </Suspense>
    );
  return (
    <ProtocolSignin
      requestKey={['oauth', query]}
      loadApplication={async () => unwrap(await getAppLogin(query)).data as Rec}
      signIn={async (app, values, settle) => {
        const body = values ? { organization: String(app.organization), ...values } : {};
        const first = unwrap(await oauthLogin(query.responseType, query, body));
        // prompt=none: an MFA setup or a password change would need the person.
        if (silent && (first.data === REQUIRED_MFA || first.data === REQUIRED_UPDATE_PASSWORD)) {
          fail('interaction_required');
          return null;
        }
        const answer = await settle(first);
        return answer && { app, data: answer.data, data2: answer.data2 };
      }}
      onSignedIn={(answer) => {
        const { app, data, data2 } = answer as { app: Rec; data: unknown; data2: unknown };
        if (!isConsentRequired(data)) back(String(data), data2);
        else if (silent) fail('consent_required');
        else setConsentApp(app);
      }}
      silent={silent}
      onSilentFailure={() => fail('login_required')}
      forceLogin={prompt === 'login'}
      // Signing up continues this request (/signup/oauth/authorize with the same parameters).
      signupLink={(app) => signupLinkOf(app, location.search)}
      providerSignin={(app) => ({ type: query.responseType, query, body: { organization: String(app.organization) } })}
    />
  );
}
