import { jobPanelHash } from '../jobs/jobs.constants';

/**
 * What a trainer notification is about (spec 01 §3 Trainer notification), and 'job': the
 * staff member's own long work ended.
 */
export const trainerNotificationKinds = ['discussion', 'chat', 'work', 'job'] as const;
export type TrainerNotificationKind = (typeof trainerNotificationKinds)[number];

/** The bell list: 10 first, 5 more per 'Tampilkan lebih banyak' (spec 01 §9). */
export const trainerNotificationPage = { first: 10, more: 5 } as const;

/** How long a live notification stays on screen (spec 01 §9). */
export const trainerNotificationPopupMs = 10_000;

/** Indonesian texts of spec 01 §8, and the titles the server writes for each event. */
export const trainerNotificationMessages = {
  read: 'Notifikasi sudah terbaca',
  empty: 'Belum ada notifikasi',
  showMore: 'Tampilkan lebih banyak',
  bell: 'Notifikasi',
  discussionTitle: 'Diskusi publik baru',
  chatTitle: 'Pesan private baru',
  workTitle: 'Tugas baru untuk dinilai',
  discussionDescription: (member: string, activity: string) =>
    `${member} menulis di diskusi ${activity}`,
  chatDescription: (member: string, text: string) => `${member}: ${text}`,
  workDescription: (member: string, activity: string) => `${member} mengunggah tugas ${activity}`,
  jobDoneTitle: 'Unduhan siap',
  jobFailedTitle: 'Unduhan gagal',
  jobDoneDescription: (file: string) => `${file} siap diunduh di Unduhan`,
  jobFailedDescription: (file: string, reason: string) => `${file}: ${reason}`,
} as const;

/** Where a click on a notification goes (web paths of spec 01 §1). */
export const trainerNotificationLinks = {
  discussion: (programId: string, topicId: string, activityId: string, activityName: string) =>
    `/discussion/public/program/${programId}/${topicId}/${activityId}/${encodeURIComponent(activityName)}`,
  chat: (programId: string, roomId?: string) =>
    `/discussion/private/program/${programId}${roomId ? `?room=${roomId}` : ''}`,
  /** The program's participants, where uploaded work is graded. */
  work: (programId: string) => `/program/users/${programId}`,
  /** The 'Unduhan' panel, opened over the page the user is on (the header holds it). */
  job: () => `#${jobPanelHash}`,
} as const;
