import type { MemberActivity } from '@ajar/shared/members/member-learning.schemas';
import { Alert } from '../../../components/alert';
import { LinkButton } from '../../../components/button';
import { pathTo } from '../../../routes/paths';

interface LockedActivityProps {
  programId: string;
  /** Why, as the server says it ('Dibuka pada …', 'Selesaikan aktivitas "…" terlebih dahulu'). */
  reason: string;
  /** The activity to complete first (an order lock), when known. */
  unlockedBy: Pick<MemberActivity, 'id' | 'name'> | null;
}

/**
 * A locked activity opened by its address or a tap on its card: why it is locked and what to do
 * now (open the activity that unlocks it, or come back when it opens), not an error to retry.
 */
export function LockedActivity({ programId, reason, unlockedBy }: LockedActivityProps) {
  return (
    <section className="card stack" aria-labelledby="locked-heading">
      <h2 id="locked-heading">Aktivitas ini belum terbuka</h2>
      <Alert tone="warning">{reason}</Alert>
      {unlockedBy ? (
        <LinkButton block to={pathTo('activity', { programId, activityId: unlockedBy.id })}>
          Buka {unlockedBy.name}
        </LinkButton>
      ) : (
        <p className="muted">
          Sementara menunggu, Anda dapat mengerjakan aktivitas lain yang sudah terbuka.
        </p>
      )}
      <LinkButton variant="secondary" block to={pathTo('program-detail', { programId })}>
        Daftar aktivitas
      </LinkButton>
    </section>
  );
}
