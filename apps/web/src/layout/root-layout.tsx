import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { documentTitle } from './document-title';
import { NavigationProgress } from './navigation-progress';
import { PageTitleProvider, useBreadcrumbs } from './page-title';

function DocumentTitle() {
  const crumbs = useBreadcrumbs();
  const title = documentTitle(crumbs.map((crumb) => crumb.label));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/**
 * Above every route: the document title from the breadcrumb trail, scroll restoration, the bar
 * shown while the next screen loads.
 */
export function RootLayout() {
  return (
    <PageTitleProvider>
      <DocumentTitle />
      <ScrollRestoration />
      <NavigationProgress />
      <Outlet />
    </PageTitleProvider>
  );
}
