import { isAdmin } from '@gatehouse/entities/plain';
import { Navigate, useLocation } from 'react-router';
import { useAccount } from '../auth/account';
import DashboardPage from './dashboard-page';

/**
 * Home is the administrators' dashboard; everyone else starts at the app launcher.
 * The dashboard comes with Home's code (one file less to wait for; its chart loads on its own).
 */
export default function Home() {
  const account = useAccount();
  // Where the visitor came from (the sign-in page: its MFA prompt is due) goes along to the launcher.
  const { state } = useLocation();
  if (!account) return null;
  if (!isAdmin(account.viewer)) return <Navigate to="/apps" replace state={state} />;
  return <DashboardPage viewer={account.viewer} />;
}
