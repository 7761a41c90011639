import { ApiOutlined, GithubOutlined, GoogleOutlined, WalletOutlined, WindowsOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../data/client';
import { type ProviderSigninRequest, providerAuthUrl } from '../data/signin-flows';
import { busyLoading } from './busy';
import { errorText } from './feedback';
import { PlainText } from './plain-typography';
import { signInWithSaml } from './saml-signin';
import { type SigninProvider, signinProviders, signupProviders } from './signin-providers';

/** The icon of a provider: its own logo, else its type's. */
export function ProviderIcon({ provider, size = 18 }: { provider: Pick<SigninProvider, 'type' | 'logo'>; size?: number }) {
  if (provider.logo) return <img src={provider.logo} alt="" width={size} height={size} style={{ objectFit: 'contain' }} />;
  const style = { fontSize: size };
  const icons: Record<string, ReactNode> = {
    GitHub: <GithubOutlined style={style} aria-hidden />,
    Google: <GoogleOutlined style={style} aria-hidden />,
    AzureAD: <WindowsOutlined style={style} aria-hidden />,
    MetaMask: <WalletOutlined style={style} aria-hidden />,
  };
  return icons[provider.type] ?? <ApiOutlined style={style} aria-hidden />;
}

/**
 * The sign-in page's Providers item: a button per identity provider of the application (rule
 * "big": a full-width button with the name; "small": an icon). A click sends the browser to the
 * provider, carrying the page's sign-in request (a Web3 provider's button has the wallet sign
 * instead, components/web3-signin.ts); /callback finishes it. On the sign-up page (`purpose`
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
        const { signInWithWallet } = await import('./web3-signin');
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
      <PlainText type="secondary" style={{ display: 'block', textAlign: 'center', marginBottom: 8 }}>
        {t(purpose === 'signup' ? 'signup.orSignUpWith' : 'signin.orSignInWith')}
      </PlainText>
      <Flex vertical={rule === 'big'} justify="center" gap={8} wrap>
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
            <Tooltip key={provider.name} title={label(provider)}>
              <Button
                shape="circle"
                size="large"
                aria-label={label(provider)}
                icon={<ProviderIcon provider={provider} size={20} />}
                loading={busyLoading(busy === provider.name)}
                disabled={busy !== null && busy !== provider.name}
                onClick={() => void go(provider)}
              />
            </Tooltip>
          ),
        )}
      </Flex>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 12 }} />}
    </div>
  );
}
