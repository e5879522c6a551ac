import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../hooks/use-session';
import { afterLoginPath, loginPathFor } from './redirect';
import { signOutReason } from './sign-out-reason';

/**
 * Signed-in routes. A guest is sent to `/` with the wanted path remembered (spec 01 §2); after
 * a logout to `/`; after a 401 to `/login`, remembering the page (spec 01 §8). The session store
 * re-renders before the router's own (transition) navigation lands, so this guard computes the
 * same target as the code that ended the session instead of racing it.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Outlet />;
  const reason = signOutReason();
  if (reason === 'logout') return <Navigate to="/" replace />;
  return <Navigate to={loginPathFor(reason === 'expired' ? '/login' : '/', location)} replace />;
}

/** Guest routes: a signed-in user goes on to the remembered path or the dashboard. */
export function GuestOnly() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={afterLoginPath(location.search)} replace />;
  return <Outlet />;
}
