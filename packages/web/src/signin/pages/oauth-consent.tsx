import CheckCircleOutlined from '@ant-design/icons-svg/es/asn/CheckCircleOutlined';
import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { errorText } from '../../shared/components/error-text';
import { type Rec, unwrap } from '../../shared/data/client';
import { grantConsent } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Alert } from '../../shared/plain/feedback';
import { Icon } from '../../shared/plain/icon';
import { ApplicationFrame } from '../components/application-frame';
import { grantBodyOf, scopeRows } from '../components/oauth-consent-model';

interface Props {
  /** The application of the request (get-app-login's answer). */
  app: Rec;
  /** The authorization parameters the page forwards (authorizationQuery). */
  query: Record<string, string>;
  /** Allow succeeded: the code (or implicit token, with the fragment's parameters) for the redirect URI. */
  onGranted: (data: string, fragmentParams: unknown) => void;
  /** Deny: the page sends the browser back with error=access_denied. */
  onDeny: () => void;
}

/**
 * The consent screen of an authorization request that needs it (the sign-in answered
 * {required: true}): in the application's frame, what the application asks for, with Allow
 * (POST /api/grant-consent, which answers the code) and Deny.
 */
export function OAuthConsent({ app, query, onGranted, onDeny }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = String(app.displayName || app.name);
  const rows = scopeRows(query.scope ?? '', app.customScopes, t);

  const allow = async () => {
    setError(null);
    setBusy(true);
    try {
      const granted = unwrap(await grantConsent(grantBodyOf(app, query)));
      onGranted(String(granted.data), granted.data2);
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
    }
  };

  return (
    <ApplicationFrame app={app} title={name} logo={app.logo as string | undefined}>
      <section aria-labelledby="consent-title">
        <h2 id="consent-title" style={{ fontSize: 18, marginTop: 0 }}>
          {t('consent.title')}
        </h2>
        <p>{t('consent.wantsAccess', { name })}</p>
        <strong id="consent-scopes">{t('consent.requesting')}</strong>
        <ul aria-labelledby="consent-scopes" style={{ listStyle: 'none', padding: 0, margin: '8px 0 16px' }}>
          {rows.map((row) => (
            <li key={row.scope} style={{ padding: '8px 0' }}>
              <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
                <Icon icon={CheckCircleOutlined} style={{ color: 'var(--gh-success)', marginTop: 4 }} />
                <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                  <strong>{row.title}</strong>
                  <span className="gh-secondary" style={{ overflowWrap: 'anywhere' }}>
                    {row.description}
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <div className="gh-row">
          <Button
            variant="primary"
            size="large"
            loading={busyLoading(busy)}
            onClick={() => void allow()}
            style={{ flex: 1, minWidth: 120 }}
          >
            {t('consent.allow')}
          </Button>
          <Button size="large" disabled={busy} onClick={onDeny} style={{ flex: 1, minWidth: 120 }}>
            {t('consent.deny')}
          </Button>
        </div>
        <p className="gh-secondary" style={{ fontSize: 12, marginTop: 16, marginBottom: 0 }}>
          {t('consent.notice')}
        </p>
        {error && <Alert type="error" title={error} style={{ marginTop: 16 }} />}
      </section>
    </ApplicationFrame>
  );
}
