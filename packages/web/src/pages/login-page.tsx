import { ADMIN_OWNER, application, BUILT_IN_APPLICATION, BUILT_IN_ORG } from '@gatehouse/entities';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ACCOUNT_KEY, useAccount } from '../auth/account';
import { errorText } from '../components/feedback';
import { SigninCard, type SigninValues } from '../components/signin-card';
import { getOne, login, unwrap } from '../data/provider';
import { RETURN_TO_KEY } from '../shell/guard';
import { signupLinkOf } from './signup-model';

/** The page to go to after signing in; only a path of this console (never another site). */
function takeReturnTarget(): string {
  const from = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return from?.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** Password sign-in to the console through the built-in application. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { organization = BUILT_IN_ORG } = useParams();
  const account = useAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const app = useQuery({
    queryKey: ['record', application.name, ADMIN_OWNER, BUILT_IN_APPLICATION],
    queryFn: async () => unwrap(await getOne(application, ADMIN_OWNER, BUILT_IN_APPLICATION)).data ?? null,
  });

  // The cached account may belong to a session that has just ended (signing out comes here, and
  // the cache is cleared only after arriving): ask the server before trusting it.
  const [accountChecked, setAccountChecked] = useState(false);
  useEffect(() => {
    void queryClient.refetchQueries({ queryKey: ACCOUNT_KEY }).then(() => setAccountChecked(true));
  }, [queryClient]);

  // Signed in (now, or already when the page opened): continue where the guard interrupted.
  useEffect(() => {
    if (account && accountChecked) void navigate(takeReturnTarget(), { replace: true });
  }, [account, accountChecked, navigate]);

  const submit = async (values: SigninValues) => {
    setError(null);
    setBusy(true);
    try {
      unwrap(await login({ organization, ...values }));
      await queryClient.refetchQueries({ queryKey: ACCOUNT_KEY });
    } catch (failure) {
      // A refusal's msg says what is wrong ("password or code is incorrect" ...).
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SigninCard
      title={app.data?.displayName as string | undefined}
      loading={app.isPending}
      busy={busy}
      error={error}
      onSubmit={(values) => void submit(values)}
      app={app.data}
      // The built-in application signs users up in the built-in organization only.
      signupLink={organization === BUILT_IN_ORG ? signupLinkOf(app.data ?? undefined) : null}
    />
  );
}
