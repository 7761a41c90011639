import { isAdmin } from '@gatehouse/entities/plain';
import { lazy } from 'react';
import { Navigate } from 'react-router';
import { useAccount } from '../auth/account';

const DashboardPage = lazy(() => import('./dashboard-page'));

/** Home is the administrators' dashboard; everyone else starts at the app launcher (spec part 1 §2). */
export default function Home() {
  const account = useAccount();
  if (!account) return null;
  if (!isAdmin(account.viewer)) return <Navigate to="/apps" replace />;
  return <DashboardPage />;
}
