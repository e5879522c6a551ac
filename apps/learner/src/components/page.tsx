import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';
import { AppBar } from './app-bar';

interface PageProps {
  title: string;
  back?: string | true;
  actions?: ReactNode;
  children: ReactNode;
}

/** A signed-in screen: its app bar (the page heading) and its main content. */
export function Page({ title, back, actions, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <>
      <AppBar title={title} back={back} actions={actions} />
      <main className="shell__main stack" id="main">
        {children}
      </main>
    </>
  );
}
