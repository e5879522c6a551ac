import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { useLocation, useMatches, type UIMatch } from 'react-router';
import { routeHandle, titleText } from '../routes/app-route';

export interface Crumb {
  label: string;
  to: string;
}

interface TitleOverride {
  pathname: string;
  label: string;
}

// Several crumbs can be named at once (an activity screen names its program, its topic and
// itself), one override per crumb path.
const OverrideContext = createContext<{
  overrides: readonly TitleOverride[];
  setOverrides: Dispatch<SetStateAction<readonly TitleOverride[]>>;
} | null>(null);

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [overrides, setOverrides] = useState<readonly TitleOverride[]>([]);
  const value = useMemo(() => ({ overrides, setOverrides }), [overrides]);
  return <OverrideContext.Provider value={value}>{children}</OverrideContext.Provider>;
}

/**
 * Lets a page name its own breadcrumb once its data is loaded (a program's title instead of
 * 'Detail Program'). Pass undefined while loading to keep the route's title. `crumbPath` names
 * a parent crumb instead (a topic screen naming its program's crumb).
 */
export function usePageTitle(label: string | undefined, crumbPath?: string) {
  const context = useContext(OverrideContext);
  const { pathname } = useLocation();
  const target = crumbPath ?? pathname;
  const setOverrides = context?.setOverrides;
  useEffect(() => {
    if (!setOverrides || !label) return;
    const mine: TitleOverride = { pathname: target, label };
    setOverrides((current) => [...current.filter((o) => !samePath(o.pathname, target)), mine]);
    return () => setOverrides((current) => current.filter((o) => o !== mine));
  }, [setOverrides, target, label]);
}

const samePath = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

/** The trail of matched routes that carry a title; a nested index route replaces its parent. */
export function crumbsFromMatches(
  matches: readonly Pick<UIMatch, 'handle' | 'params' | 'pathname'>[],
): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const { title, trail } = routeHandle(match);
    if (!title) continue;
    for (const step of trail ?? []) crumbs.push({ ...step });
    const crumb = { label: titleText(title, match.params), to: match.pathname };
    const last = crumbs[crumbs.length - 1];
    if (last && last.to.replace(/\/$/, '') === crumb.to.replace(/\/$/, '')) crumbs.pop();
    crumbs.push(crumb);
  }
  return crumbs;
}

export function useBreadcrumbs(): Crumb[] {
  const matches = useMatches();
  const overrides = useContext(OverrideContext)?.overrides;
  return useMemo(() => {
    const crumbs = crumbsFromMatches(matches);
    if (!overrides?.length) return crumbs;
    return crumbs.map((crumb) => {
      const override = overrides.find((o) => samePath(crumb.to, o.pathname));
      return override ? { ...crumb, label: override.label } : crumb;
    });
  }, [matches, overrides]);
}
