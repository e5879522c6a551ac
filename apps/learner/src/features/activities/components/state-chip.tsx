import type { ActivityState } from '@ajar/shared/members/member-learning.schemas';

export const stateLabels: Record<ActivityState, string> = {
  belum: 'Belum',
  sedang: 'Sedang',
  selesai: 'Selesai',
  terkunci: 'Terkunci',
};

/** An activity's state for the participant: Belum, Sedang, Selesai or Terkunci. */
export function StateChip({ state }: { state: ActivityState }) {
  return <span className={`state-chip state-chip--${state}`}>{stateLabels[state]}</span>;
}
