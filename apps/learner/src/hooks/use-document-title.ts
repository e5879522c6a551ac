import { useEffect } from 'react';

/** The tab and history title of a screen: "<screen> · Ajar Belajar". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Ajar Belajar`;
  }, [title]);
}
