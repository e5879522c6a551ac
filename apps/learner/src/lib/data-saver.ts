import { useCallback, useState } from 'react';

/*
 * 'Hemat data' (data saver): videos start at their lowest rendition and load nothing before
 * 'play'. The participant's choice is kept on the phone; until they choose, it follows what the
 * browser says of the connection (docs/decisions.md, "Video that fits the connection").
 */

const storageKey = 'ajar_hemat_data';

/** What `navigator.connection` tells, where the browser has it (Chrome on Android). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** The browser's data saver, or a 2G-slow connection, asks for saving by default. */
export function connectionWantsSaving(connection: ConnectionHints | undefined): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.effectiveType === '2g' ||
    connection.effectiveType === 'slow-2g'
  );
}

function browserConnection(): ConnectionHints | undefined {
  return (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/** On or off: the participant's choice, else the connection's default. */
export function readDataSaver(): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(storageKey);
  } catch {
    // Storage refused (private mode): the connection decides.
  }
  if (stored === '1') return true;
  if (stored === '0') return false;
  return connectionWantsSaving(browserConnection());
}

export function writeDataSaver(on: boolean): void {
  try {
    localStorage.setItem(storageKey, on ? '1' : '0');
  } catch {
    // Not kept; it holds for this page only.
  }
}

export function useDataSaver(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readDataSaver);
  const change = useCallback((next: boolean) => {
    writeDataSaver(next);
    setOn(next);
  }, []);
  return [on, change];
}

/**
 * Author and chat HTML with its images loaded only as they near the screen: a long text's
 * pictures below the fold cost no data until scrolled to. The server keeps no smaller copies of
 * images (docs/decisions.md, "Hemat data for images").
 */
export function lazyImages(html: string): string {
  return html.replace(/<img\b(?![^>]*\sloading=)/gi, '<img loading="lazy" decoding="async"');
}
