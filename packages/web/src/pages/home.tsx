import { isAdmin, manifestOf } from '@gatehouse/entities/plain';
import { Navigate } from 'react-router';
import { useAccount } from '../auth/account';
import NotAvailable from './not-available';

/**
 * Home is the admins' dashboard (a later release). Everyone else starts at the app launcher once
 * it exists (spec: "others are sent to /apps"), and at their own account page until then.
 */
export default function Home() {
  const account = useAccount();
  if (!account) return null;
  if (!isAdmin(account.viewer)) return <Navigate to={manifestOf('apps').implemented ? '/apps' : '/account'} replace />;
  return <NotAvailable screen="nav.dashboard" />;
}
