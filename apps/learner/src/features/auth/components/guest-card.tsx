import type { ReactNode } from 'react';
import { Card } from '../../../components/card';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** A guest screen: its heading and content on one card under the brand. */
export function GuestCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Card className="stack">
      <h1>{title}</h1>
      {children}
    </Card>
  );
}
