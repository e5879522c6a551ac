import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';
import { AppBar } from './app-bar';

interface PageProps {
  title: string;
  back?: string | true;
  actions?: ReactNode;
  /** Write the title in full at the top of the page (names that may be long), not in the bar. */
  heading?: boolean;
  children: ReactNode;
}

/** A signed-in screen: its app bar (the page heading) and its main content. */
export function Page({ title, back, actions, heading = false, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <>
      <AppBar title={title} back={back} actions={actions} headingInPage={heading} />
      <main className="shell__main stack" id="main">
        {heading && <h1 className="page-heading">{title}</h1>}
        {children}
      </main>
    </>
  );
}
