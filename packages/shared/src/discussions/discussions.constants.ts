import { roleNames, type RoleKey } from '../common/roles';

/** Public discussion (spec 01 §2 Activity discussion, §5, §8, §9). */

/** Longest message a member or staff user may post (characters, after trimming). */
export const discussionContentMax = 2000;

/** `is_show_discussion` value that opens an activity's public thread to members. */
export const publicDiscussionSetting = 2;

/** Sort fields of `GET /api/discussion/v1/list-program`. */
export const discussionProgramSortFields = ['total_unread', 'title', 'created_at'] as const;
export type DiscussionProgramSortField = (typeof discussionProgramSortFields)[number];

/** Sort fields of `GET /api/discussion/v1/list-topic`. */
export const discussionTopicSortFields = ['seq', 'name', 'total_unread'] as const;

export const discussionMessages = {
  contentRequired: 'Pesan tidak boleh kosong',
  contentTooLong: `Pesan harus kurang dari atau sama dengan ${discussionContentMax} karakter.`,
  hasReplies: 'Terdapat diskusi lain di dalam diskusi ini.',
  notAvailable: 'Diskusi tidak tersedia untuk aktivitas ini',
  parentOtherActivity: 'Pesan yang dibalas bukan bagian dari diskusi aktivitas ini',
  activityNotInTopic: 'Aktivitas tidak ditemukan di topik ini',
  notOwner: 'Anda hanya dapat menghapus pesan anda sendiri',
  created: 'Pesan berhasil dikirim',
  deleted: 'Pesan berhasil dihapus',
} as const;

/** How long a failure shows in red on the discussion screens (spec 01 §9: 4000 ms). */
export const discussionErrorMs = 4000;

/**
 * The badge beside a staff author's name: 'Fasilitator' for a trainer, the role's own name for an
 * admin or a superadmin (they are not the program's facilitators).
 */
export function staffAuthorBadge(role: RoleKey | null): string {
  return role === null || role === 'trainer' ? 'Fasilitator' : roleNames[role];
}

/** Posts per page of a thread in the back office ('Muat lebih banyak' reads the next page). */
export const discussionThreadPage = 20;
