/** Targets of a notification to participants (spec 01 §2): every participant, or by program. */
export const notificationTypes = ['global', 'program'] as const;
export type NotificationType = (typeof notificationTypes)[number];

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
