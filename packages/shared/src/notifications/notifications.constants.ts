import { formatScore } from '../common/format';
/** Targets of a notification to participants (spec 01 §2): every participant, or by program. */
export const notificationTypes = ['global', 'program'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * What a participant's list shows: the staff sends above, and `personal` notifications the server
 * writes for one participant on an event of theirs (a staff reply in their thread, a
 * chat message while they are away, feedback on their work). Staff never list `personal` ones.
 */
export const memberNotificationTypes = [...notificationTypes, 'personal'] as const;
export type MemberNotificationType = (typeof memberNotificationTypes)[number];

/** Texts of the participant's personal notifications, in the app and in the push. */
export const personalNotificationTexts = {
  discussionReplyTitle: 'Fasilitator membalas diskusi Anda',
  discussionReply: (activity: string, excerpt: string) => `${activity}: ${excerpt}`,
  chatTitle: 'Pesan baru dari Trainer',
  feedbackTitle: 'Tugas Anda sudah dinilai',
  feedback: (activity: string, score: number) => `${activity}: nilai ${formatScore(score)}`,
} as const;

/** The learner app's screens a personal notification opens (the app lives under `/belajar`). */
export const learnerLinks = {
  program: (programId: string) => `/belajar/program/${programId}`,
  activity: (programId: string, activityId: string) =>
    `/belajar/program/${programId}/activity/${activityId}`,
  chat: (programId: string) => `/belajar/program/${programId}/chat`,
} as const;

export const notificationFieldLimits = { title: 100, message: 500, link: 2000 } as const;

export const notificationFieldLabels = {
  program: 'Program',
  progressStart: 'Progress Min',
  progressEnd: 'Progress Maks',
  title: 'Judul',
  message: 'Pesan',
  link: 'Link',
} as const;

/** Target labels of the table and the dialog (spec 01 §2). */
export const notificationTargetLabels: Record<NotificationType, string> = {
  global: 'Semua user',
  program: 'Berdasarkan program/progress',
};

/** Messages of spec 01 §8 and of the server's notification rules. */
export const notificationMessages = {
  sent: 'Successfully send notification',
  read: 'Notifikasi sudah terbaca',
  empty: 'Belum ada notifikasi',
  programNotFound: 'Program tidak ditemukan',
  progressOrder: 'Progress Min harus kurang dari atau sama dengan Progress Maks',
  invalidLink: 'Link harus berupa URL http atau https',
} as const;
