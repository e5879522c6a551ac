import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { activityKeys, completeActivity } from '../api/activities-api';

/** 'Tandai selesai' for an activity the participant completes by hand; 'Selesai' once done. */
export function CompleteButton({
  programId,
  activity,
  label = 'Tandai selesai',
}: {
  programId: string;
  activity: MemberActivityDetail;
  label?: string;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (activity.is_complete) return <Alert tone="success">Selesai</Alert>;
  return (
    <div className="stack">
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
