import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toRouteObject } from './app-route';
import { pathTo } from './paths';
import { signedInRoutes } from './signed-in-routes';

const routes = signedInRoutes.map(toRouteObject);
const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id;
const named = (path: string) =>
  matchRoutes(routes, path)
    ?.map((m) => m.route.id)
    .filter(Boolean);

describe('participant list route', () => {
  it('wins /program/users/{id} over the activity-topic route', () => {
    const path = pathTo('program-users', { id: '3f1c1e2a-3b4c-4d5e-8f90-1a2b3c4d5e6f' });
    expect(path).toBe('/program/users/3f1c1e2a-3b4c-4d5e-8f90-1a2b3c4d5e6f');
    expect(leaf(path)).toBe('program-users');
    expect(named(path)).not.toContain('activity-topic');
  });

  it('leaves other two-segment program paths to the activity-topic route', () => {
    expect(named('/program/abc/def')).toContain('activity-topic');
  });
});
