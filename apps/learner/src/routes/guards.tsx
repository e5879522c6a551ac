import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../hooks/use-session';
import { afterSignInPath, signInPathFor } from './paths';

/** Signed-in screens: a guest goes to 'Masuk', which brings them back here after signing in. */
export function RequireMember() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Outlet />;
  return (
    <Navigate
      to={signInPathFor(location.pathname + location.search)}
      replace
      state={location.state}
    />
  );
}

/** Guest screens: a signed-in participant goes on to the remembered page or 'Program Saya'. */
export function GuestOnly() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={afterSignInPath(location.search)} replace />;
  return <Outlet />;
}
