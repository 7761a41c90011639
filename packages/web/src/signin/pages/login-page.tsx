import { ADMIN_OWNER, BUILT_IN_APPLICATION, BUILT_IN_ORG } from '@gatehouse/entities/plain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useAccountState } from '../../shared/auth/account-state';
import { AppLink } from '../../shared/components/app-link';
import { errorText } from '../../shared/components/error-text';
import { RETURN_TO_KEY, takeReturnTarget } from '../../shared/components/return-target';
import { getDefaultApplication, login } from '../../shared/data/account';
import { ApiError, NetworkError, type Rec, unwrap } from '../../shared/data/client';
import { getAppLogin } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Alert, Skeleton } from '../../shared/plain/feedback';
import { ApplicationFrame } from '../components/application-frame';
import { SigninCard, type SigninValues } from '../components/signin-card';
import { signupLinkOf } from '../components/signin-links';
import { organizationChoiceOf } from '../components/signin-model';
import { useLoad } from '../components/use-load';
import { useSecondFactor } from '../components/use-second-factor';

// The organization picker (and its Select) loads only on pages that ask for an organization.
const OrganizationChoice = lazy(() => import('./organization-choice'));

const builtInApplication = async () => unwrap(await getAppLogin({ id: `${ADMIN_OWNER}/${BUILT_IN_APPLICATION}` })).data as Rec;

/**
 * The application a console sign-in page shows: the built-in one at /login, the organization's
 * default application at /login/{organization} (Casdoor's rule), or the built-in one for an
 * organization without applications, whose users sign in through it.
 */
async function loginApplication(organization: string | undefined): Promise<Rec> {
  if (!organization || organization === BUILT_IN_ORG) return builtInApplication();
  try {
    return unwrap(await getDefaultApplication(organization)).data as Rec;
  } catch (failure) {
    if (failure instanceof ApiError && failure.code === 'defaultApplicationMissing') return builtInApplication();
    throw failure;
  }
}

/** Password sign-in to the console (/login, /login/{organization}), rendered from the application. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { organization } = useParams();
  const [search] = useSearchParams();
  const { account, refresh } = useAccountState();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const app = useLoad(`login-application:${organization ?? BUILT_IN_ORG}`, () => loginApplication(organization));

  // Signed in (now, or already when the page opened): continue where the guard interrupted; the
  // console then shows the organization's MFA notices (Casdoor's state from "/login").
  useEffect(() => {
    if (account) void navigate(takeReturnTarget(), { replace: true, state: { from: '/login' } });
  }, [account, navigate]);

  const record = app.data;
  const mfa = useSecondFactor({ app: record });
  const submit = async (values: SigninValues) => {
    if (!record) return;
    setError(null);
    setBusy(true);
    try {
      const signedIn = await mfa.settle(
        unwrap(await login({ organization: organization ?? BUILT_IN_ORG, application: String(record.name), ...values })),
      );
      // Given up at the second step: the form again. Otherwise signed in; an MFA setup the
      // organization requires and a password that must change are the console's to ask for.
      if (!signedIn) return;
      await refresh();
    } catch (failure) {
      // A refusal's msg says what is wrong ("password or code is incorrect" ...).
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  if (app.error) {
    // In the plain frame: an error page would cost every visitor the download of a result screen.
    return (
      <ApplicationFrame title={t('signin.unavailable')}>
        <Alert
          type="error"
          title={errorText(t, app.error)}
          action={
            app.error instanceof NetworkError ? (
              <Button size="small" danger onClick={app.refetch}>
                {t('general.retry')}
              </Button>
            ) : undefined
          }
        />
        {!(app.error instanceof NetworkError) && (
          <div className="gh-row gh-center" style={{ marginTop: 16 }}>
            <AppLink to="/login">{t('signin.backToSignin')}</AppLink>
          </div>
        )}
      </ApplicationFrame>
    );
  }

  // An application of the page's organization signs its users up; the built-in one standing in
  // for an organization without applications signs up in the built-in organization only.
  const ownApplication = !!record && (record.organization === (organization ?? BUILT_IN_ORG) || !organization);
  const choice = organizationChoiceOf(record, search);
  return (
    <SigninCard
      title={record?.displayName as string | undefined}
      logo={(record?.logo as string | undefined) || undefined}
      loading={app.isPending}
      busy={busy}
      error={error}
      onSubmit={(values) => void submit(values)}
      app={record}
      signupLink={ownApplication ? signupLinkOf(record) : null}
      fromOrganizationChoice={search.get('orgChoiceMode') === 'None'}
      // Through an identity provider: the same sign-in, back to where the guard interrupted.
      providerSignin={
        record
          ? {
              type: 'login',
              query: {},
              body: { application: String(record.name), organization: organization ?? BUILT_IN_ORG },
              from: sessionStorage.getItem(RETURN_TO_KEY) ?? '/',
            }
          : null
      }
      organization={organization ?? BUILT_IN_ORG}
    >
      {mfa.element ??
        (choice && (
          <Suspense fallback={<Skeleton rows={2} />}>
            <OrganizationChoice mode={choice} />
          </Suspense>
        ))}
    </SigninCard>
  );
}
