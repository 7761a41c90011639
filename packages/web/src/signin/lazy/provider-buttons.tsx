import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { errorText } from '../../shared/components/error-text';
import { ProviderIcon } from '../../shared/components/provider-icon';
import { signInWithSaml } from '../../shared/components/saml-signin';
import { type SigninProvider, signinProviders, signupProviders } from '../../shared/components/signin-providers';
import { unwrap } from '../../shared/data/client';
import { type ProviderSigninRequest, providerAuthUrl } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Alert } from '../../shared/plain/feedback';

/**
 * The sign-in page's Providers item: a button per identity provider of the application (rule
 * "big": a full-width button with the name; "small": an icon). A click sends the browser to the
 * provider, carrying the page's sign-in request (a Web3 provider's button has the wallet sign
 * instead, shared/components/web3-signin.ts); /callback finishes it. On the sign-up page (`purpose`
 * signup) the rows that may sign up, labelled "Sign up with".
 */
export function ProviderButtons({
  app,
  rule,
  request,
  purpose = 'signin',
}: {
  app: Record<string, unknown> | null | undefined;
  rule: 'big' | 'small';
  request: ProviderSigninRequest;
  purpose?: 'signin' | 'signup';
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const providers = purpose === 'signup' ? signupProviders(app) : signinProviders(app);
  if (providers.length === 0) return null;

  const go = async (provider: SigninProvider) => {
    setError(null);
    setBusy(provider.name);
    try {
      if (provider.category === 'Web3') {
        // Loaded on use: pages without a wallet button never download it.
        const { signInWithWallet } = await import('../../shared/components/web3-signin');
        window.location.assign(await signInWithWallet(t, { provider: provider.name, method: 'signup', ...request }));
        return;
      }
      if (provider.category === 'SAML') {
        // To the identity provider with an AuthnRequest; its response comes back through /api/acs.
        await signInWithSaml(t, provider, { method: 'signup', ...request });
        return;
      }
      const url = unwrap(await providerAuthUrl({ provider: provider.name, method: 'signup', ...request })).data;
      window.location.assign(String(url));
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(null);
    }
  };

  const label = (provider: SigninProvider) =>
    t(purpose === 'signup' ? 'signup.signUpWith' : 'signin.signInWith', { provider: provider.displayName });
  return (
    <div className="provider-buttons" style={{ marginBlock: 16 }}>
      <span className="gh-secondary" style={{ display: 'block', textAlign: 'center', marginBottom: 8 }}>
        {t(purpose === 'signup' ? 'signup.orSignUpWith' : 'signin.orSignInWith')}
      </span>
      <div className={rule === 'big' ? 'gh-col' : 'gh-row gh-center'} style={{ gap: 8 }}>
        {providers.map((provider) =>
          rule === 'big' ? (
            <Button
              key={provider.name}
              block
              icon={<ProviderIcon provider={provider} />}
              loading={busyLoading(busy === provider.name)}
              disabled={busy !== null && busy !== provider.name}
              onClick={() => void go(provider)}
            >
              {label(provider)}
            </Button>
          ) : (
            <Button
              key={provider.name}
              shape="circle"
              size="large"
              aria-label={label(provider)}
              title={label(provider)}
              icon={<ProviderIcon provider={provider} size={20} />}
              loading={busyLoading(busy === provider.name)}
              disabled={busy !== null && busy !== provider.name}
              onClick={() => void go(provider)}
            />
          ),
        )}
      </div>
      {error && <Alert type="error" title={error} style={{ marginTop: 12 }} />}
    </div>
  );
}
