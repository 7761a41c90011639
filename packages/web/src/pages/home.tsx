import { isAdmin } from '@gatehouse/entities/plain';
import { Navigate } from 'react-router';
import { useAccount } from '../auth/account';
import NotAvailable from './not-available';

/** Home is the admins' dashboard (a later release); everyone else starts at the app launcher. */
export default function Home() {
  const account = useAccount();
  if (!account) return null;
  if (!isAdmin(account.viewer)) return <Navigate to="/apps" replace />;
  return <NotAvailable screen="nav.dashboard" />;
}
