import { WEB3_TOKEN_PREFIX } from '@gatehouse/entities/plain';
import { useEffect, useRef, useState } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { errorText } from '../../shared/components/error-text';
import { ResultTitle } from '../../shared/components/result-title';
import { RETURN_TO_KEY } from '../../shared/components/return-target';
import { consolePathOr, type ProviderState, readProviderState } from '../../shared/components/signin-providers';
import { providerLogin } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Result, Spinning } from '../../shared/plain/feedback';
import { isConsentRequired } from '../components/oauth-consent-model';
import { authorizationRedirect } from '../components/oauth-redirect';
import { PublicResultLayout } from '../components/public-result-layout';
import { type SamlDelivery, type SamlTarget, samlDelivery } from '../components/saml-request';
import { useSecondFactor } from '../components/use-second-factor';

/** What the browser does once the identity provider's sign-in is done, by the sign-in's type. */
type Next = { kind: 'go'; url: string } | { kind: 'post'; delivery: SamlDelivery & { method: 'POST' } };

function nextStep(flow: ProviderState, data: unknown, data2: unknown): Next {
  const back = consolePathOr(flow.from, '/');
  switch (flow.type) {
    case 'code':
    case 'token':
    case 'id_token':
    case 'id_token token':
    case 'token id_token':
      // Consent is asked on the authorization page, where the new session now stands in.
      if (isConsentRequired(data)) return { kind: 'go', url: back };
      return {
        kind: 'go',
        url: authorizationRedirect(flow.query.redirectUri ?? '', flow.type, String(data), flow.query.state ?? '', data2),
      };
    case 'saml': {
      const request = { owner: '', application: flow.application, params: flow.body, forceAuthn: false };
      const delivery = samlDelivery(String(data), data2 as SamlTarget, request);
      return delivery.method === 'POST' ? { kind: 'post', delivery } : { kind: 'go', url: delivery.url };
    }
    case 'cas':
      return { kind: 'go', url: typeof data2 === 'string' && data2 ? data2 : back };
    default:
      if (flow.type === 'login') sessionStorage.removeItem(RETURN_TO_KEY);
      return { kind: 'go', url: back };
  }
}

/**
 * A Web3 sign-in's code: the token the wallet signed, kept in localStorage under the key the query
 * names (Casdoor's web3AuthTokenKey; URLs are too short for the token). null without that key.
 */
function web3Code(params: URLSearchParams): string | null {
  const key = params.get('web3AuthTokenKey');
  if (!key?.startsWith(WEB3_TOKEN_PREFIX)) return null;
  return localStorage.getItem(key) ?? '';
}

/**
 * A SAML sign-in's response: the ACS (/api/acs) puts it in the fragment of this page's address,
 * which no server receives; it is taken out of the address (and so the history) at once. null
 * without one.
 */
function samlResponseOf(): string | null {
  const value = new URLSearchParams(window.location.hash.slice(1)).get('SAMLResponse');
  if (value === null) return null;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return value;
}

/**
 * /callback, where identity providers send the browser back (Casdoor's AuthCallback): posts the
 * code and the state to /api/login as Casdoor's page does. The server takes the sign-in request
 * from the state; the page then continues it (the console, the application of an OAuth, SAML or
 * CAS request) or, for a link, returns to the page it started from.
 */
export default function ProviderCallbackPage() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [post, setPost] = useState<(SamlDelivery & { method: 'POST' }) | null>(null);
  const started = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const params = new URLSearchParams(window.location.search);
  const flow = readProviderState(params.get('state') ?? '');
  // The sign-in's application: its providers send the second factor's codes.
  const mfa = useSecondFactor({
    app: flow ? { name: flow.application } : null,
    protocol: flow?.type !== 'login',
    returnTo: consolePathOr(flow?.from ?? '', '/'),
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const web3 = web3Code(params);
    const samlResponse = samlResponseOf();
    const code = params.get('code') ?? web3 ?? samlResponse ?? '';
    if (!flow) {
      setError(t('callback.invalidState'));
      return;
    }
    if (web3 === '') {
      setError(t('callback.web3TokenMissing'));
      return;
    }
    if (!code) {
      setError(t('callback.refused', { error: params.get('error_description') || params.get('error') || '' }));
      return;
    }
    void providerLogin({
      type: flow.type,
      application: flow.body.application ?? '',
      provider: flow.provider,
      // Casdoor's page posts a SAML provider's response as samlResponse.
      ...(samlResponse !== null && code === samlResponse ? { code: '', samlResponse } : { code }),
      state: params.get('state') ?? '',
      redirectUri: `${window.location.origin}/callback`,
      method: flow.method,
    })
      .then(async (answer) => {
        if (answer.status !== 'ok') {
          setError(answer.msg);
          return;
        }
        // A user with multi-factor authentication gives the second factor here first.
        const settled = await mfa.settle(answer);
        if (!settled) {
          // Given up: back to the page the sign-in started on (unless it left for the MFA setup or the password reset).
          if (!mfa.hasLeft()) window.location.replace(consolePathOr(flow.from, '/login'));
          return;
        }
        const next = nextStep(flow, settled.data, settled.data2);
        if (next.kind === 'post') setPost(next.delivery);
        else window.location.replace(next.url);
      })
      .catch((failure: unknown) => setError(errorText(t, failure)));
  });

  useEffect(() => {
    if (post) form.current?.submit();
  }, [post]);

  const back =
    flow?.method === 'link' ? consolePathOr(flow.from, '/account') : flow ? consolePathOr(flow.from, '/login') : '/login';
  if (mfa.element) {
    return (
      <PublicResultLayout>
        <div className="gh-panel" style={{ width: 'min(400px, 100%)' }}>
          {mfa.element}
        </div>
      </PublicResultLayout>
    );
  }
  return (
    <PublicResultLayout>
      {error ? (
        <Result
          status="error"
          title={<ResultTitle>{t(flow?.method === 'link' ? 'callback.linkFailed' : 'callback.failed')}</ResultTitle>}
          subTitle={error}
          extra={<AppLink to={back}>{t(flow?.method === 'link' ? 'signin.back' : 'signin.backToSignin')}</AppLink>}
        />
      ) : (
        <Result
          icon={<Spinning />}
          title={<ResultTitle>{t(flow?.method === 'link' ? 'callback.linking' : 'callback.signingIn')}</ResultTitle>}
          extra={
            post && (
              <form ref={form} method="post" action={post.url}>
                {post.fields.map((field) => (
                  <input key={field.name} type="hidden" name={field.name} value={field.value} />
                ))}
                <Button variant="primary" htmlType="submit">
                  {t('signin.continue')}
                </Button>
              </form>
            )
          }
        />
      )}
    </PublicResultLayout>
  );
}
