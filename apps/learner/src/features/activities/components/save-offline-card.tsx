import { useState } from 'react';
import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { useOnline } from '../../../components/offline-banner';
import { ProgressBar } from '../../../components/progress-bar';
import { useSavedActivity } from '../../../hooks/use-saved-files';
import {
  canSaveFiles,
  formatSavedSize,
  removeSaved,
  saveActivityFiles,
  type SavedSource,
} from '../../../lib/saved-files';

interface SaveOfflineCardProps {
  programId: string;
  activity: MemberActivityDetail;
  type: 'video' | 'pdf';
  /** What would be kept now (offline-source.ts). */
  source: SavedSource;
}

/**
 * 'Simpan untuk offline': keeps the activity's file on the phone (the rendition the player
 * plays, for a video), shows the space it takes, and 'Hapus dari perangkat' removes it.
 */
export function SaveOfflineCard({ programId, activity, type, source }: SaveOfflineCardProps) {
  const saved = useSavedActivity(activity.id);
  const online = useOnline();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!canSaveFiles() || saved === undefined) return null;

  async function save() {
    setError(null);
    setProgress(0);
    try {
      await saveActivityFiles(
        { activityId: activity.id, programId, name: activity.name, type, source },
        setProgress,
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
    }
  }

  const what = type === 'video' ? 'Video' : 'PDF';
  const quality = saved?.source.kind === 'hls' ? ` (kualitas ${saved.source.rendition.name})` : '';
  return (
    <Card className="stack">
      {saved ? (
        <>
          <p>
            {what} tersimpan di perangkat{quality}: <strong>{formatSavedSize(saved.bytes)}</strong>.
            Dapat dibuka tanpa koneksi.
          </p>
          <Button variant="secondary" block onClick={() => void removeSaved(activity.id)}>
            Hapus dari perangkat
          </Button>
        </>
      ) : (
        <>
          {progress !== null && (
            <ProgressBar
              value={Math.round(progress * 100)}
              label="Menyimpan"
              name={`Menyimpan ${activity.name}`}
            />
          )}
          <Button
            variant="secondary"
            block
            busy={progress !== null}
            disabled={!online && progress === null}
            onClick={() => void save()}
          >
            Simpan untuk offline
          </Button>
          {!online && <p className="muted">Sambungkan ke internet untuk menyimpan.</p>}
        </>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </Card>
  );
}
