import { pathIn } from './app-route';
import { guestRoutes } from './guest-routes';
import { signedInRoutes } from './signed-in-routes';

/** The path of a named route (DESIGN §7): `pathTo('program-detail', { id })`. */
export function pathTo(id: string, params?: Record<string, string | number>): string {
  return pathIn([...guestRoutes, ...signedInRoutes], id, params);
}
