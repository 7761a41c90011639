import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplicationFrame } from '../components/application-frame';
import { busyLoading } from '../components/busy';
import { errorText } from '../components/feedback';
import { type Rec, unwrap } from '../data/client';
import { grantConsent } from '../data/signin-flows';
import { grantBodyOf, scopeRows } from './oauth-consent-model';

interface Props {
  /** The application of the request (get-app-login's answer). */
  app: Rec;
  /** The authorization parameters the page forwards (authorizationQuery). */
  query: Record<string, string>;
  /** Allow succeeded: the code (or implicit token) for the redirect URI. */
  onGranted: (data: string) => void;
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
      onGranted(String(unwrap(await grantConsent(grantBodyOf(app, query))).data));
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
    }
  };

  return (
    <ApplicationFrame app={app} title={name} logo={app.logo as string | undefined}>
      <section aria-labelledby="consent-title">
        <Typography.Title level={2} id="consent-title" style={{ fontSize: 18, marginTop: 0 }}>
          {t('consent.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('consent.wantsAccess', { name })}</Typography.Paragraph>
        <Typography.Text strong id="consent-scopes">
          {t('consent.requesting')}
        </Typography.Text>
        <ul aria-labelledby="consent-scopes" style={{ listStyle: 'none', padding: 0, margin: '8px 0 16px' }}>
          {rows.map((row) => (
            <li key={row.scope} style={{ padding: '8px 0' }}>
              <Flex gap={12} align="flex-start">
                <CheckCircleOutlined aria-hidden style={{ color: '#52c41a', marginTop: 4 }} />
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text strong>{row.title}</Typography.Text>
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {row.description}
                  </Typography.Text>
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
        <Flex gap={8} wrap>
          <Button
            type="primary"
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
        </Flex>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 16, marginBottom: 0 }}>
          {t('consent.notice')}
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} />}
      </section>
    </ApplicationFrame>
  );
}
