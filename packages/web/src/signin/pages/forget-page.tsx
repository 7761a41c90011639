import { ADMIN_OWNER, BUILT_IN_APPLICATION, checkPasswordOptions } from '@gatehouse/entities/plain';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { type Account, useAccount } from '../../shared/auth/account-state';
import { AppLink, AppLinkButton } from '../../shared/components/app-link';
import { busyLoading } from '../../shared/components/busy';
import { errorText } from '../../shared/components/error-text';
import { getEmailAndPhone, resetPassword, verifyCode } from '../../shared/data/account';
import { type Rec, unwrap } from '../../shared/data/client';
import { getAppLogin } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Steps } from '../../shared/plain/choices';
import { Alert, PageSpin, Result } from '../../shared/plain/feedback';
import { Input, PasswordInput } from '../../shared/plain/input';
import { ApplicationFrame } from '../components/application-frame';
import { asText, Field, Form, type FormStore, required, useForm } from '../components/form';
import { signinPageOf } from '../components/signin-links';
import { useLoad } from '../components/use-load';
import type { Found } from './forget-verify-step';

// The second step (its address picker and code input) loads once the first has found the account.
const ForgetVerifyStep = lazy(() => import('./forget-verify-step'));

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The first step starts with the signed-in user's name when they belong to the application's organization. */
function initialize(form: FormStore, account: Account | null, organization: string): true {
  form.initialize({ username: account && account.user.owner === organization ? account.user.name : '' });
  return true;
}

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
  const accountForm = useForm('forget-account');
  const verifyForm = useForm('forget-verify');
  const passwordForm = useForm('forget-password');

  const appQuery = useLoad(
    `forget-application:${application}`,
    async () => unwrap(await getAppLogin({ id: `${ADMIN_OWNER}/${application}` })).data as Rec,
  );
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

  const findAccount = (username: string) =>
    run(async () => {
      const answer = unwrap(await getEmailAndPhone(organization, username.trim()));
      const data = answer.data as Found;
      setFound(data);
      verifyForm.setFieldsValue({ dest: data.email || data.phone, code: '' });
      setStep(1);
    });

  const checkCode = (dest: string, typed: string) =>
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

  const setPassword = (password: string) =>
    run(async () => {
      if (!found) return;
      unwrap(await resetPassword({ userOwner: organization, userName: found.name, newPassword: password, code }));
      setDone(true);
    });

  const errorAlert = error && <Alert type="error" title={error} style={{ marginTop: 16 }} />;

  let content: ReactNode;
  if (appQuery.error) {
    content = <Alert type="error" title={errorText(t, appQuery.error)} />;
  } else if (!record) {
    content = <PageSpin />;
  } else if (done) {
    content = (
      <Result
        status="success"
        title={t('general.passwordSet')}
        extra={<AppLinkButton to={signinLink}>{t('general.signIn')}</AppLinkButton>}
      />
    );
  } else {
    content = (
      <>
        <Steps label={t('forget.title')} current={step} items={[t('forget.account'), t('forget.verify'), t('forget.reset')]} />
        {step === 0 && account !== undefined && initialize(accountForm, account, organization) && (
          <Form form={accountForm} onFinish={(values) => void findAccount(asText(values.username))}>
            <Field label={t('forget.username')} name="username" rules={[required(t('general.usernameRequired'))]} read={asText}>
              {(control) => <Input {...control} autoComplete="username" autoFocus />}
            </Field>
            <Button variant="primary" htmlType="submit" block loading={busyLoading(busy)}>
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
              onFinish={(dest, typed) => void checkCode(dest, typed)}
            />
          </Suspense>
        )}
        {step === 2 && (
          <Form form={passwordForm} onFinish={(values) => void setPassword(asText(values.password))}>
            <Field
              label={t('general.newPassword')}
              name="password"
              rules={[
                required(t('general.passwordRequired')),
                (value) => {
                  const violation = checkPasswordOptions(asText(value), strings(org.passwordOptions));
                  return violation ? t(`signup.${violation}`) : null;
                },
              ]}
              read={asText}
            >
              {(control) => <PasswordInput {...control} autoComplete="new-password" autoFocus />}
            </Field>
            <Field
              label={t('general.reEnterPassword')}
              name="confirm"
              dependencies={['password']}
              rules={[
                required(t('general.emptyInput')),
                (value, values) => (value === values.password ? null : t('general.confirmPasswordInconsistent')),
              ]}
              read={asText}
            >
              {(control) => <PasswordInput {...control} autoComplete="new-password" />}
            </Field>
            <Button variant="primary" htmlType="submit" block loading={busyLoading(busy)}>
              {t('forget.changePassword')}
            </Button>
          </Form>
        )}
        {errorAlert}
        <div className="gh-row gh-center" style={{ marginTop: 16 }}>
          <AppLink to={signinLink}>{t('signin.backToSignin')}</AppLink>
        </div>
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
