import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';

/** What every activity screen receives. */
export interface ActivityProps {
  programId: string;
  activity: MemberActivityDetail;
}
