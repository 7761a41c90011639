import { Button, Flex, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAccount } from '../auth/account';
import { busyLoading } from '../components/busy';
import { errorText } from '../components/feedback';
import { SigninCard, type SigninValues } from '../components/signin-card';
import { useSecondFactor } from '../components/use-second-factor';
import { unwrap } from '../data/client';
import { oauthLogin } from '../data/signin-flows';

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
      <Flex justify="center" style={{ padding: '8vh 12px' }}>
        <Result status="success" title={t('signin.deviceApproved')} subTitle={t('signin.deviceApprovedHint')} />
      </Flex>
    );
  }
  const codeInput = (
    <Form.Item label={t('signin.deviceCode')} required>
      <Input
        value={userCode}
        onChange={(e) => setUserCode(e.target.value)}
        placeholder="XXXX-XXXX"
        style={{ fontFamily: 'monospace', fontSize: 18, letterSpacing: 2 }}
        aria-label={t('signin.deviceCode')}
      />
    </Form.Item>
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
          <Flex vertical gap={12}>
            <Typography.Text>{t('signin.signedInAs', { name: account.user.displayName || account.user.name })}</Typography.Text>
            <Button type="primary" block loading={busyLoading(busy)} disabled={!userCode} onClick={() => void approve()}>
              {t('signin.approveDevice')}
            </Button>
          </Flex>
        ) : undefined)}
    </SigninCard>
  );
}
