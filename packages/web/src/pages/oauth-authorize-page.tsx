import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { getAppLogin, oauthLogin, type Rec, unwrap } from '../data/provider';
import { authorizationError, authorizationQuery, authorizationRedirect } from './oauth-redirect';
import { ProtocolSignin } from './protocol-signin';
import { signupLinkOf } from './signup-model';

/**
 * The OAuth 2.0 / OpenID Connect authorization endpoint (/login/oauth/authorize): the request is
 * validated by get-app-login; signing in answers a code (query) or tokens (fragment) for the
 * redirect URI. prompt=none never shows a form; prompt=login always asks for the password.
 */
export default function OAuthAuthorizePage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const query = useMemo(() => authorizationQuery(search), [search]);
  const prompt = search.get('prompt') ?? '';
  return (
    <ProtocolSignin
      requestKey={['oauth', query]}
      loadApplication={async () => unwrap(await getAppLogin(query)).data as Rec}
      signIn={async (app, values) =>
        unwrap(await oauthLogin(query.responseType, query, values ? { organization: String(app.organization), ...values } : {}))
          .data
      }
      onSignedIn={(data) =>
        window.location.assign(authorizationRedirect(query.redirectUri, query.responseType, String(data), query.state))
      }
      silent={prompt === 'none'}
      onSilentFailure={() => window.location.assign(authorizationError(query.redirectUri, 'login_required', query.state))}
      forceLogin={prompt === 'login'}
      // Signing up continues this request (/signup/oauth/authorize with the same parameters).
      signupLink={(app) => signupLinkOf(app, location.search)}
    />
  );
}
