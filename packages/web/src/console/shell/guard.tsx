import { BUILT_IN_APPLICATION } from '@gatehouse/entities/plain';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { RETURN_TO_KEY } from '../../shared/components/return-target';
import { useAccountState } from '../auth/account';
import { LoadError } from '../components/load-error';
import { mfaSetupRequired } from './mfa-rules';

function SignInRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    sessionStorage.setItem(RETURN_TO_KEY, `${location.pathname}${location.search}`);
    void navigate('/login', { replace: true });
  }, [location, navigate]);
  return null;
}

/**
 * Wraps every console route except the public user page: signed out → remember the page and go
 * to /login; not known yet → nothing; a password that must change → the forget page; a
 * multi-factor method the organization requires and the account has not enabled → its setup,
 * from every page (rendered, so that it holds whichever navigation lands last).
 */
export function Guard() {
  const { account, error, retry } = useAccountState();
  const location = useLocation();
  if (error) return <LoadError error={error} onRetry={retry} />;
  if (account === undefined) return null;
  if (account === null) return <SignInRedirect />;
  if (account.user.needUpdatePassword) {
    const application = account.organization?.defaultApplication || BUILT_IN_APPLICATION;
    return <Navigate to={`/forget/${encodeURIComponent(application)}`} replace />;
  }
  const required = mfaSetupRequired(account);
  if (required && location.pathname !== '/mfa/setup') {
    return <Navigate to={`/mfa/setup?mfaType=${required}`} replace state={{ from: '/login' }} />;
  }
  return <Outlet />;
}
