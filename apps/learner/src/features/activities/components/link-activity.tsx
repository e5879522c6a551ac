import { useState } from 'react';
import { Card } from '../../../components/card';
import { readContent } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { CompleteButton } from './complete-button';
import { RichText } from './rich-text';

/**
 * A link or a Google Form: opened outside the app (a new tab) through the server, which records
 * it; the participant then marks it done (the form's answers stay with Google, so the app cannot
 * see them).
 */
export function LinkActivity({ programId, activity }: ActivityProps) {
  const content = readContent(activity);
  // Followed through the server, which records it before sending the browser on.
  const url = activity.requirement.link_url ?? '';
  const [opened, setOpened] = useState(false);
  const isForm = activity.type === 'evaluasi';
  return (
    <>
      <Card className="stack">
        <RichText html={content.description ?? ''} label="Deskripsi aktivitas" />
        {url ? (
          <a
            className="button button--primary button--block"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setOpened(true)}
          >
            {isForm ? 'Isi Google Form (tab baru)' : 'Buka tautan (tab baru)'}
          </a>
        ) : (
          <p className="muted">Tautan belum tersedia.</p>
        )}
        {!activity.is_complete && (
          <p className="muted">
            {opened
              ? 'Sudah selesai? Tandai selesai di bawah.'
              : 'Buka tautan, selesaikan, lalu kembali ke sini untuk menandai selesai.'}
          </p>
        )}
      </Card>
      <CompleteButton programId={programId} activity={activity} />
    </>
  );
}
