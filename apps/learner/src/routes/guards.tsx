import { Navigate, Outlet, useLocation } from 'react-router';
import { useConsentRequired, useSession } from '../hooks/use-session';
import { afterSignInPath, returnParam, routePaths, signInPathFor } from './paths';

/** Signed-in screens: a guest goes to 'Masuk', which brings them back here after signing in. */
export function RequireMember() {
  const session = useSession();
  const consentRequired = useConsentRequired();
  const location = useLocation();
  // A newer privacy notice waits: nothing else opens until the member agrees.
  if (session && consentRequired && location.pathname !== routePaths.persetujuan) {
    return (
      <Navigate
        to={`${routePaths.persetujuan}?${returnParam}=${encodeURIComponent(location.pathname + location.search)}`}
        replace
      />
    );
  }
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
