import { Card } from '../../../components/card';
import { readContent } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { CompleteButton } from './complete-button';
import { RichText } from './rich-text';

/**
 * Reading an e-book: the PDF inside the app, with a link for browsers that cannot show it; both
 * go through the server's opening address.
 */
export function PdfActivity({ programId, activity }: ActivityProps) {
  const content = readContent(activity);
  // Opened through the server, which records it (the e-book completes only once opened).
  const url = activity.requirement.file_url;
  return (
    <>
      {content.description && (
        <Card>
          <RichText html={content.description} label="Deskripsi aktivitas" />
        </Card>
      )}
      {url ? (
        <Card className="stack">
          <object className="pdf-frame" data={url} type="application/pdf" aria-label="Dokumen PDF">
            <p>Browser ini tidak dapat menampilkan PDF di dalam aplikasi.</p>
          </object>
          <a href={url} target="_blank" rel="noopener noreferrer">
            Buka PDF {content.file?.name ? `(${content.file.name})` : ''}
          </a>
        </Card>
      ) : (
        <Card>
          <p className="muted">Dokumen belum tersedia.</p>
        </Card>
      )}
      <CompleteButton programId={programId} activity={activity} label="Selesai membaca" />
    </>
  );
}
