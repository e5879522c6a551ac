import { describe, expect, it } from 'vitest';
import { routePatterns, type AppRoute } from './app-route';
import { guestRoutes, publicRoutes } from './guest-routes';
import { guestPaths, pathTo, routePaths } from './paths';
import { signedInRoutes } from './signed-in-routes';

const tables = [...guestRoutes, ...publicRoutes, ...signedInRoutes];

/** React Router's rule: an absolute child path must start with its parent's full path. */
function badAbsolutePaths(routes: AppRoute[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ?? '';
    const full = path.startsWith('/')
      ? path
      : path
        ? `${parent.replace(/\/$/, '')}/${path}`
        : parent;
    const bad = path.startsWith('/') && !path.startsWith(parent) ? [path] : [];
    return [...bad, ...badAbsolutePaths(route.children ?? [], full)];
  });
}

describe('route paths', () => {
  it('gives every named entry of the router tables the pattern of routePaths', () => {
    const patterns = Object.fromEntries(routePatterns(tables));
    expect(patterns).toEqual(routePaths);
  });

  it('nests absolute paths under their parent path', () => {
    expect(badAbsolutePaths(tables)).toEqual([]);
  });

  it('lists every guest screen as a guest path', () => {
    expect([...guestPaths].sort()).toEqual(
      [...new Set(guestRoutes.flatMap((r) => (r.path ? [r.path] : [])))].sort(),
    );
  });

  it('fills in params', () => {
    expect(pathTo('dashboard')).toBe('/dashboard');
    expect(pathTo('program-detail', { id: 12 })).toBe('/program/12');
    expect(pathTo('activity-edit', { program: 1, topic: 2, id: 'x' })).toBe('/program/1/2/x/edit');
  });
});
