import { Card } from '../../../components/card';
import { readContent } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { CompleteButton } from './complete-button';
import { RichText } from './rich-text';

/** A description page (general): its text, an optional link, and 'Tandai selesai'. */
export function DescriptionActivity({ programId, activity }: ActivityProps) {
  const content = readContent(activity);
  // Followed through the server, which records it (a page that shows a link needs it followed).
  const link = activity.requirement.link_url ?? '';
  return (
    <>
      <Card className="stack">
        <RichText html={content.description ?? ''} label="Deskripsi aktivitas" />
        {!content.description?.trim() && <p className="muted">Tidak ada deskripsi.</p>}
        {link && (
          <a href={link} target="_blank" rel="noopener noreferrer">
            Buka tautan (tab baru)
          </a>
        )}
      </Card>
      <CompleteButton programId={programId} activity={activity} />
    </>
  );
}
