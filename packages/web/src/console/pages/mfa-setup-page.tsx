import { CheckOutlined, KeyOutlined } from '@ant-design/icons';
import { isMfaType, MFA_TYPES, type MfaProps, type MfaType } from '@gatehouse/entities/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Spin, Steps, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { busyLoading } from '../../shared/components/busy';
import { CopyableCode } from '../../shared/components/copyable-code';
import { ResultTitle } from '../../shared/components/result-title';
import { MFA_RETURN_KEY } from '../../shared/components/return-target';
import { unwrap } from '../../shared/data/client';
import { enableMfa, initiateMfa } from '../../shared/data/mfa';
import { getUserApplication } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { ACCOUNT_KEY, type Account, useAccount } from '../auth/account';
import { errorText, useFeedback } from '../components/feedback';
import { PageSpin } from '../components/page-spin';
import { mfaSetupRequired } from '../shell/mfa-rules';
import { MfaSetupVerify, type Proven } from './mfa-setup-verify';

/**
 * /mfa/setup?mfaType= (Casdoor's MfaSetupPage): the signed-in user sets a method up in two steps,
 * proving it (mfa-setup-verify.tsx), then keeping the recovery code and enabling it. Reached from
 * the account page (Setup, Edit), from the notices after a sign-in (navigation state `from`, which
 * hides the choice of another method) and when the organization requires a method.
 */
export default function MfaSetupPage() {
  const account = useAccount();
  const [search] = useSearchParams();
  const location = useLocation();
  if (!account) return <PageSpin />;
  const asked = search.get('mfaType') ?? '';
  const type: MfaType = isMfaType(asked) ? asked : (mfaSetupRequired(account) ?? 'app');
  const prompted = typeof location.state === 'object' && location.state !== null && 'from' in location.state;
  // A new setup for each method (and each visit).
  return <MfaSetup key={`${type}/${location.key}`} account={account} type={type} prompted={prompted} />;
}

function MfaSetup({ account, type, prompted }: { account: Account; type: MfaType; prompted: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const { owner, name } = account.user;
  const [step, setStep] = useState(0);
  const [proven, setProven] = useState<Proven>({ dest: '', countryCode: '' });
  const [busy, setBusy] = useState(false);
  // Where to go once enabled: taken only when the account in hand shows the method enabled, so that
  // the required-method guard (shell/mfa-notices.tsx), rendering with the same account, lets it be.
  const [leaveTo, setLeaveTo] = useState('');
  const stillRequired = mfaSetupRequired(account) === type;
  useEffect(() => {
    if (leaveTo && !stillRequired) void navigate(leaveTo, { replace: true });
  }, [leaveTo, stillRequired, navigate]);

  // Each visit starts a setup of its own on the server (a new secret and recovery code).
  const setup = useQuery({
    queryKey: ['mfaSetup', owner, name, type],
    queryFn: async (): Promise<MfaProps> => unwrap(await initiateMfa({ owner, name, mfaType: type })).data as MfaProps,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const application = useQuery({
    queryKey: ['userApplication', owner, name],
    queryFn: async () => unwrap(await getUserApplication(owner, name)).data ?? null,
    enabled: type !== 'app',
    staleTime: 60_000,
  });

  const enable = async (props: MfaProps) => {
    setBusy(true);
    try {
      unwrap(
        await enableMfa({
          owner,
          name,
          mfaType: type,
          secret: props.secret,
          ...proven,
          recoveryCodes: props.recoveryCodes?.[0],
        }),
      );
    } catch (failure) {
      feedback.failure('mfa.failedToEnable', failure);
      setBusy(false);
      return;
    }
    feedback.success('mfa.enabledSuccessfully');
    const back = sessionStorage.getItem(MFA_RETURN_KEY);
    sessionStorage.removeItem(MFA_RETURN_KEY);
    // The account is read again before leaving, so that the next page does not re-render under it.
    await queryClient.refetchQueries({ queryKey: ACCOUNT_KEY });
    setLeaveTo(back?.startsWith('/') && !back.startsWith('//') ? back : '/account');
  };

  const go = (other: MfaType) => void navigate(`/mfa/setup?mfaType=${other}`, { replace: true });
  let body: ReactNode;
  if (setup.isPending) body = <Spin style={{ display: 'block', padding: 32 }} />;
  else if (setup.error || application.error)
    body = (
      <Result
        status="error"
        title={<ResultTitle>{t('mfa.failedToInitiate')}</ResultTitle>}
        subTitle={errorText(t, setup.error ?? application.error)}
        extra={
          <Button
            onClick={() => {
              void setup.refetch();
              void application.refetch();
            }}
          >
            {t('general.retry')}
          </Button>
        }
      />
    );
  else if (step === 0)
    body = (
      <MfaSetupVerify
        account={account}
        type={type}
        props={setup.data}
        application={application.data}
        onVerified={(values) => {
          setProven(values);
          setStep(1);
        }}
      />
    );
  else
    body = (
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('mfa.saveRecoveryCode')}</Typography.Paragraph>
        <CopyableCode code={setup.data.recoveryCodes?.[0] ?? ''} label={t('mfa.recoveryCode')} />
        <Button type="primary" block loading={busyLoading(busy)} onClick={() => void enable(setup.data)}>
          {t('mfa.enable')}
        </Button>
      </Flex>
    );

  return (
    <Flex vertical align="center" gap={16}>
      <Typography.Title level={1} style={{ fontSize: 22, textAlign: 'center', margin: 0 }}>
        {t('mfa.setupTitle')}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t('mfa.setupHint')}
      </Typography.Text>
      <Card style={{ width: 'min(460px, 100%)' }} title={t(`mfa.types.${type}`)}>
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 24 }}
          items={[
            { title: t('mfa.verifyCode'), icon: <KeyOutlined aria-hidden /> },
            { title: t('mfa.enable'), icon: <CheckOutlined aria-hidden /> },
          ]}
        />
        {body}
      </Card>
      {!prompted && step === 0 && (
        <Flex justify="center" wrap gap={8}>
          {MFA_TYPES.filter((other) => other !== type).map((other) => (
            <Button key={other} type="link" onClick={() => go(other)}>
              {t(`mfa.use.${other}`)}
            </Button>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
