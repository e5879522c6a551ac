import type { ComponentType } from 'react';
import type { Params, RouteObject, UIMatch } from 'react-router';
import type { Permission } from '@ajar/shared/common/roles';
import type { RouteId } from './paths';

/** A breadcrumb label: fixed, or read from the route's params (e.g. a referral code). */
export type RouteTitle = string | ((params: Params) => string);

/** What the shell reads from every matched route (`useMatches()[i].handle`). */
export interface RouteHandle {
  title?: RouteTitle;
  permission?: Permission;
  trail?: readonly TrailCrumb[];
}

/** A crumb before a route's own that its path does not give (the list it was opened from). */
export interface TrailCrumb {
  label: string;
  to: string;
}

/**
 * One screen of the app. Features describe their screens with this and add them to
 * `signedInRoutes`; `toRouteObject` turns it into a React Router route.
 */
export interface AppRoute {
  /** The route name (spec: `program-detail`, `tna-create`…), a key of `routePaths`. */
  id?: RouteId;
  /** `routePaths[id]` for a named route; a nameless group may use a segment relative to its parent. */
  path?: string;
  index?: boolean;
  /** Breadcrumb label; the trail also gives the top bar title and the document title. */
  title?: RouteTitle;
  /** Needed to open the screen (and its children); without it the shell shows a 403 page. */
  permission?: Permission;
  /** Crumbs shown before this route's own, for a screen whose path is not under its list's. */
  trail?: readonly TrailCrumb[];
  /** The page, loaded on demand (route-level code splitting). */
  page?: () => Promise<ComponentType>;
  children?: AppRoute[];
}

export function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = {
    title: route.title,
    permission: route.permission,
    ...(route.trail && { trail: route.trail }),
  };
  const page = route.page;
  const lazy = page ? async () => ({ Component: await page() }) : undefined;
  const children = route.children?.map(toRouteObject);
  if (route.index) return { id: route.id, index: true, handle, lazy };
  return { id: route.id, path: route.path, handle, lazy, children };
}

export function routeHandle(match: Pick<UIMatch, 'handle'>): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}

export function titleText(title: RouteTitle, params: Params): string {
  return typeof title === 'function' ? title(params) : title;
}

function joinPath(parent: string, path: string | undefined): string {
  if (!path) return parent || '/';
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Route name → full path pattern, over a tree of routes (checked against `routePaths`). */
export function routePatterns(routes: AppRoute[], parent = ''): Map<string, string> {
  const patterns = new Map<string, string>();
  for (const route of routes) {
    const full = route.index ? parent || '/' : joinPath(parent, route.path);
    if (route.id) patterns.set(route.id, full);
    for (const [id, pattern] of routePatterns(route.children ?? [], full))
      patterns.set(id, pattern);
  }
  return patterns;
}
