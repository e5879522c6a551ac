import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { completeActivity } from '../api/activities-api';
import { activityKeys } from '../api/activity-keys';

/**
 * 'Tandai selesai' for a reading activity; 'Selesai' once done. The server decides: it refuses
 * (with the reason shown here) until the page, PDF or link was opened long enough.
 */
export function CompleteButton({
  programId,
  activity,
  label = 'Tandai selesai',
}: {
  programId: string;
  activity: MemberActivityDetail;
  label?: string;
}) {
  const requirement = activity.requirement;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (activity.is_complete) return <Alert tone="success">Selesai</Alert>;
  if (requirement.content_missing)
    return <p className="muted">Materi belum tersedia, aktivitas ini belum dapat diselesaikan.</p>;
  const minutes = Math.ceil(requirement.required_seconds / 60);
  return (
    <div className="stack">
      {minutes > 0 && (
        <p className="muted">Pelajari materi minimal {minutes} menit sebelum menandai selesai.</p>
      )}
      <Button
        block
        busy={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          completeActivity(programId, activity.id)
            .then(() =>
              queryClient.invalidateQueries({ queryKey: activityKeys.program(programId) }),
            )
            .catch((e: unknown) => setError(errorMessage(e)))
            .finally(() => setBusy(false));
        }}
      >
        {label}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
