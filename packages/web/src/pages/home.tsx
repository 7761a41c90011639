import { isAdmin } from '@gatehouse/entities/plain';
import { Navigate } from 'react-router';
import { useAccount } from '../auth/account';
import DashboardPage from './dashboard-page';

/**
 * Home is the administrators' dashboard; everyone else starts at the app launcher (spec part 1 §2).
 * The dashboard comes with Home's code (one file less to wait for; its chart loads on its own).
 */
export default function Home() {
  const account = useAccount();
  if (!account) return null;
  if (!isAdmin(account.viewer)) return <Navigate to="/apps" replace />;
  return <DashboardPage viewer={account.viewer} />;
}
