import { ADMIN_OWNER, BUILT_IN_APPLICATION, checkPasswordOptions } from '@gatehouse/entities/plain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Steps } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAccount } from '../auth/account';
import { AppLink, AppLinkButton } from '../components/app-link';
import { ApplicationFrame } from '../components/application-frame';
import { busyLoading } from '../components/busy';
import { errorText } from '../components/feedback';
import { LazyResult } from '../components/lazy-result';
import { PageSpin } from '../components/page-spin';
import { getEmailAndPhone, resetPassword, verifyCode } from '../data/account';
import { NetworkError, type Rec, unwrap } from '../data/client';
import { getAppLogin } from '../data/signin-flows';
import type { Found, VerifyValues } from './forget-verify-step';
import { signinPageOf } from './signup-model';

// The second step (its address picker and code input) loads once the first has found the account.
const ForgetVerifyStep = lazy(() => import('./forget-verify-step'));

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * The forgotten-password page of an application (/forget/{application}, /forget for the built-in
 * one), in Casdoor's three steps: find the account (username, e-mail address or phone number),
 * prove it with a code sent to its e-mail address or phone (verify-code), then choose a new
 * password under the organization's password options (set-password with the verified code). The
 * server keeps every rule; the page applies them early.
 */
export default function ForgetPage() {
  const { t } = useTranslation();
  const { application = BUILT_IN_APPLICATION } = useParams();
  const account = useAccount();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [code, setCode] = useState('');
  const [done, setDone] = useState(false);
  const [accountForm] = Form.useForm<{ username: string }>();
  const [verifyForm] = Form.useForm<VerifyValues>();
  const [passwordForm] = Form.useForm<{ password: string; confirm: string }>();

  const appQuery = useQuery({
    queryKey: ['forget-application', application],
    queryFn: async () => unwrap(await getAppLogin({ id: `${ADMIN_OWNER}/${application}` })).data as Rec,
    retry: (failures, failure) => failure instanceof NetworkError && failures < 2,
  });
  const record = appQuery.data;
  const organization = String(record?.organization ?? '');
  const org = (record?.organizationObj ?? {}) as Rec;
  const signinLink = record
    ? signinPageOf({ name: String(record.name), organization, signinUrl: String(record.signinUrl ?? '') }, null)
    : '/login';

  /** Runs one step's call; its refusal is shown under the step. */
  const run = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  const findAccount = ({ username }: { username: string }) =>
    run(async () => {
      const answer = unwrap(await getEmailAndPhone(organization, username.trim()));
      const data = answer.data as Found;
      setFound(data);
      verifyForm.setFieldsValue({ dest: data.email || data.phone, code: '' });
      setStep(1);
    });

  const checkCode = ({ dest, code: typed }: VerifyValues) =>
    run(async () => {
      if (!found) return;
      unwrap(
        await verifyCode({
          application: String(record?.name),
          organization,
          username: dest,
          name: found.name,
          code: typed.trim(),
        }),
      );
      setCode(typed.trim());
      setStep(2);
    });

  const setPassword = ({ password }: { password: string }) =>
    run(async () => {
      if (!found) return;
      unwrap(await resetPassword({ userOwner: organization, userName: found.name, newPassword: password, code }));
      setDone(true);
    });

  const errorAlert = error && <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} />;

  let content: ReactNode;
  if (appQuery.error) {
    content = <Alert type="error" showIcon role="alert" title={errorText(t, appQuery.error)} />;
  } else if (!record) {
    content = <PageSpin />;
  } else if (done) {
    content = (
      <LazyResult
        status="success"
        title={t('general.passwordSet')}
        extra={<AppLinkButton to={signinLink}>{t('general.signIn')}</AppLinkButton>}
      />
    );
  } else {
    content = (
      <>
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 24 }}
          items={[{ title: t('forget.account') }, { title: t('forget.verify') }, { title: t('forget.reset') }]}
        />
        {step === 0 && (
          <Form
            form={accountForm}
            name="forget-account"
            layout="vertical"
            requiredMark={false}
            initialValues={{ username: account && account.user.owner === organization ? account.user.name : '' }}
            onFinish={(values) => void findAccount(values)}
          >
            <Form.Item
              label={t('forget.username')}
              name="username"
              rules={[{ required: true, whitespace: true, message: t('general.usernameRequired') }]}
            >
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busyLoading(busy)}>
              {t('forget.next')}
            </Button>
          </Form>
        )}
        {step === 1 && found && record && (
          <Suspense fallback={<PageSpin />}>
            <ForgetVerifyStep
              form={verifyForm}
              app={record}
              found={found}
              busy={busy}
              onFinish={(values) => void checkCode(values)}
            />
          </Suspense>
        )}
        {step === 2 && (
          <Form
            form={passwordForm}
            name="forget-password"
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => void setPassword(values)}
          >
            <Form.Item
              label={t('general.newPassword')}
              name="password"
              rules={[
                { required: true, message: t('general.passwordRequired') },
                {
                  validator: (_, value) => {
                    const violation = checkPasswordOptions(String(value ?? ''), strings(org.passwordOptions));
                    return violation && value ? Promise.reject(new Error(t(`signup.${violation}`))) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input.Password autoComplete="new-password" autoFocus />
            </Form.Item>
            <Form.Item
              label={t('general.reEnterPassword')}
              name="confirm"
              dependencies={['password']}
              rules={[
                { required: true, message: t('general.emptyInput') },
                ({ getFieldValue }) => ({
                  validator: (_, value) =>
                    !value || value === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('general.confirmPasswordInconsistent'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busyLoading(busy)}>
              {t('forget.changePassword')}
            </Button>
          </Form>
        )}
        {errorAlert}
        <Flex justify="center" style={{ marginTop: 16 }}>
          <AppLink to={signinLink}>{t('signin.backToSignin')}</AppLink>
        </Flex>
      </>
    );
  }

  return (
    <ApplicationFrame
      app={record}
      title={t('forget.title')}
      logo={String(record?.logo || (record?.organizationObj as Rec | undefined)?.logo || '') || undefined}
    >
      {content}
    </ApplicationFrame>
  );
}
