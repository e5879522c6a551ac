import { Card } from '../../../components/card';
import { readContent } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { CompleteButton } from './complete-button';
import { RichText } from './rich-text';

/** Reading an e-book: the PDF inside the app, with a link for browsers that cannot show it. */
export function PdfActivity({ programId, activity }: ActivityProps) {
  const content = readContent(activity);
  const url = content.file?.url;
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
