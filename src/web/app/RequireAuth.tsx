import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/auth-store';

/** The sign-in guard of spec section 2: signed-out visitors go to /signIn, which remembers where they were going. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/signIn" replace state={{ from: location }} />;
  return <Outlet />;
}
