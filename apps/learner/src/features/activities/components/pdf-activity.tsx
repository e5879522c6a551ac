import { useState } from 'react';
import { PdfViewer } from '@ajar/player/pdf/pdf-viewer';
import { Card } from '../../../components/card';
import { readContent } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { CompleteButton } from './complete-button';
import { RichText } from './rich-text';
import { useSavedActivity } from '../../../hooks/use-saved-files';
import { offlineSourceOf } from '../lib/offline-source';
import { SaveOfflineCard } from './save-offline-card';

/**
 * Reading an e-book: the PDF drawn inside the app (pdf.js, page by page: phones' browsers do not
 * show a PDF in the page), with 'Buka PDF' as the fallback; both go through the server's opening
 * address, which records the opening the completion needs.
 */
export function PdfActivity({ programId, activity }: ActivityProps) {
  const content = readContent(activity);
  const url = activity.requirement.file_url;
  // The address is signed anew on every refetch of the activity (after 'Selesai membaca' too):
  // the viewer keeps the first one rather than load the file again.
  const [source, setSource] = useState(url);
  if (url && !source) setSource(url);
  // A PDF saved for offline is read from the phone (the service worker answers its address); its
  // opening was recorded when it was shown before saving.
  const saved = useSavedActivity(activity.id);
  const kept = saved?.source.kind === 'file' ? saved.source.url : null;
  const offline = offlineSourceOf(activity, 'auto');
  return (
    <>
      {content.description && (
        <Card>
          <RichText html={content.description} label="Deskripsi aktivitas" />
        </Card>
      )}
      {url ? (
        <Card className="stack">
          {saved !== undefined && (
            <PdfViewer source={kept ?? source ?? url} buttonClassName="button button--secondary" />
          )}
          <a href={url} target="_blank" rel="noopener noreferrer">
            Buka PDF {content.file?.name ? `(${content.file.name})` : ''}
          </a>
        </Card>
      ) : (
        <Card>
          <p className="muted">Dokumen belum tersedia.</p>
        </Card>
      )}
      {offline && url && (
        <SaveOfflineCard programId={programId} activity={activity} type="pdf" source={offline} />
      )}
      <CompleteButton programId={programId} activity={activity} label="Selesai membaca" />
    </>
  );
}
