import { useState } from 'react';
import { useParams } from 'react-router';
import { useAccount } from '../../shared/auth/account-state';
import { busyLoading } from '../../shared/components/busy';
import { errorText } from '../../shared/components/error-text';
import { unwrap } from '../../shared/data/client';
import { oauthLogin } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Result } from '../../shared/plain/feedback';
import { Input } from '../../shared/plain/input';
import { Item } from '../components/form';
import { SigninCard, type SigninValues } from '../components/signin-card';
import { useSecondFactor } from '../components/use-second-factor';

/**
 * The device page (RFC 8628 verification URI): the person confirms the code their device shows and
 * signs in (or continues as the signed-in user); the device then receives its tokens.
 */
export default function DevicePage() {
  const { t } = useTranslation();
  const params = useParams();
  const account = useAccount();
  const [userCode, setUserCode] = useState(params.userCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const mfa = useSecondFactor({ app: null, protocol: true });

  const approve = async (values?: SigninValues) => {
    setError(null);
    setBusy(true);
    try {
      if (await mfa.settle(unwrap(await oauthLogin('device', {}, { userCode, ...(values ?? {}) })))) setDone(true);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="gh-page gh-row gh-center" style={{ padding: '8vh 12px' }}>
        <Result status="success" title={t('signin.deviceApproved')} subTitle={t('signin.deviceApprovedHint')} />
      </div>
    );
  }
  const codeInput = (
    <Item label={t('signin.deviceCode')} htmlFor="device-code" required>
      <Input
        id="device-code"
        value={userCode}
        onChange={setUserCode}
        placeholder="XXXX-XXXX"
        style={{ fontFamily: 'monospace', fontSize: 18, letterSpacing: 2 }}
      />
    </Item>
  );
  return (
    <SigninCard
      title={t('signin.deviceTitle')}
      busy={busy}
      error={error}
      onSubmit={(values) => void approve(values)}
      before={codeInput}
    >
      {mfa.element ??
        (account ? (
          <div className="gh-col">
            <span>{t('signin.signedInAs', { name: account.user.displayName || account.user.name })}</span>
            <Button variant="primary" block loading={busyLoading(busy)} disabled={!userCode} onClick={() => void approve()}>
              {t('signin.approveDevice')}
            </Button>
          </div>
        ) : undefined)}
    </SigninCard>
  );
}
