import { ADMIN_OWNER, BUILT_IN_APPLICATION } from '@gatehouse/entities/plain';
import { type ReactNode, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAccountState } from '../../shared/auth/account-state';
import { AppLink, AppLinkButton } from '../../shared/components/app-link';
import { errorText } from '../../shared/components/error-text';
import { ResultTitle } from '../../shared/components/result-title';
import { takeReturnTarget } from '../../shared/components/return-target';
import { logout, signup } from '../../shared/data/account';
import { NetworkError, type Rec, unwrap } from '../../shared/data/client';
import { getAppLogin, oauthLogin } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Alert, PageSpin, Result } from '../../shared/plain/feedback';
import { toast } from '../../shared/plain/toast';
import { ApplicationFrame } from '../components/application-frame';
import { authorizationQuery, authorizationRedirect } from '../components/oauth-redirect';
import { useLoad } from '../components/use-load';
import { SignupForm } from './signup-form';
import { type SignupField, type SignupFormValues, signinPageOf, signupApplicationOf, signupBody } from './signup-model';

interface Props {
  /** /signup/oauth/authorize: the sign-up of an authorization request, which continues once signed up. */
  oauth?: boolean;
}

/**
 * The sign-up page of an application (/signup/{application}, /signup for the built-in one, and
 * /signup/oauth/authorize for the application of an authorization request): the application's
 * sign-up items as a form in its sign-in card. Signing up opens a session; the page then continues
 * the authorization request it came from, or opens the console.
 */
export default function SignupPage({ oauth = false }: Props) {
  const { t } = useTranslation();
  const { application = BUILT_IN_APPLICATION } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { account, refresh } = useAccountState();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signedUp, setSignedUp] = useState(false);

  const authorization = useMemo(() => (oauth ? authorizationQuery(search) : null), [oauth, search]);
  const invitationCode = search.get('invitationCode') ?? '';
  const appQuery = useLoad(
    `signup-application:${JSON.stringify(authorization ?? application)}`,
    async () => unwrap(await getAppLogin(authorization ?? { id: `${ADMIN_OWNER}/${application}` })).data as Rec,
  );
  const record = appQuery.data;
  const app = useMemo(() => (record ? signupApplicationOf(record) : null), [record]);

  /** Where the signed-in user goes: back into the authorization request, else the console. */
  const continuePath = authorization ? `/login/oauth/authorize${location.search}` : '/';

  /** An authorization request continues with the new session: the code (or tokens) go to the application. */
  const continueAuthorization = async (query: Record<string, string>) => {
    try {
      const data = unwrap(await oauthLogin(query.responseType ?? '', query, {})).data;
      window.location.assign(
        authorizationRedirect(query.redirectUri ?? '', query.responseType ?? '', String(data), query.state ?? ''),
      );
    } catch {
      // The authorization page shows why it cannot continue (or asks to continue, e.g. for consent).
      await navigate(continuePath, { replace: true });
    }
  };

  const submit = async (values: SignupFormValues, fields: SignupField[]) => {
    if (!app) return;
    setError(null);
    setBusy(true);
    try {
      unwrap(await signup(signupBody(app, fields, values, invitationCode), authorization ?? undefined));
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
      return;
    }
    setSignedUp(true);
    toast('success', t('signup.accountCreated'));
    await refresh();
    if (authorization) await continueAuthorization(authorization);
    // A page that sent the visitor here (a plan chosen on a pricing page) continues.
    else await navigate(takeReturnTarget(), { replace: true });
  };

  const signOut = async () => {
    try {
      unwrap(await logout());
    } catch (failure) {
      toast('error', t('general.failedToLogOut', { msg: errorText(t, failure) }));
    }
    await refresh();
  };

  if (appQuery.error) {
    return (
      <div className="gh-page gh-row gh-center" style={{ padding: '8vh 12px' }}>
        <Result
          status="error"
          title={<ResultTitle>{t('signup.unavailable')}</ResultTitle>}
          subTitle={errorText(t, appQuery.error)}
          extra={
            appQuery.error instanceof NetworkError ? (
              <Button variant="primary" onClick={appQuery.refetch}>
                {t('general.retry')}
              </Button>
            ) : (
              <AppLinkButton to="/">{t('general.backHome')}</AppLinkButton>
            )
          }
        />
      </div>
    );
  }

  const signinLink = app
    ? signinPageOf({ ...app, signinUrl: String(record?.signinUrl ?? '') }, authorization ? location.search : null)
    : '/login';
  let content: ReactNode;
  if (!record || !app) content = <PageSpin />;
  else if (record.enableSignUp !== true) {
    content = (
      <Result
        status="warning"
        title={t('signup.signupError')}
        subTitle={t('signup.signupDisabled')}
        extra={<AppLinkButton to={signinLink}>{t('general.signIn')}</AppLinkButton>}
      />
    );
  } else if (account && !signedUp) {
    // The server signs nobody up over an open session: say so, and offer both ways on.
    content = (
      <div className="gh-col" style={{ gap: 16 }}>
        <Alert
          type="info"
          title={t('signup.signOutFirst')}
          description={t('signin.signedInAs', { name: account.user.displayName || account.user.name })}
        />
        <Button block onClick={() => void signOut()}>
          {t('signup.signOut')}
        </Button>
        <div className="gh-row gh-center">
          <AppLink to={continuePath}>{t('signin.continue')}</AppLink>
        </div>
      </div>
    );
  } else {
    content = (
      <SignupForm
        key={app.name}
        app={app}
        termsOfUse={String(record.termsOfUse ?? '')}
        invitationCode={invitationCode}
        signinLink={signinLink}
        providerSignin={
          // Signing up through an identity provider continues what this page would: the
          // authorization request, else a console sign-in of the application's organization.
          authorization
            ? {
                type: authorization.responseType ?? '',
                query: authorization,
                body: { organization: app.organization },
                from: `${location.pathname}${location.search}`,
              }
            : { type: 'login', query: {}, body: { application: app.name, organization: app.organization }, from: '/' }
        }
        busy={busy}
        error={error}
        onSubmit={(values, fields) => void submit(values, fields)}
      />
    );
  }

  return (
    <ApplicationFrame
      app={record}
      title={record?.displayName ? String(record.displayName) : app?.name}
      logo={record?.logo ? String(record.logo) : undefined}
      loading={appQuery.isPending}
    >
      {content}
    </ApplicationFrame>
  );
}
