/** The participant's agenda ('Agenda') and reminders ('Pengingat'): limits, texts, times. */

/** What an agenda entry is. */
export const agendaItemKinds = ['meeting', 'opens', 'deadline', 'program_end'] as const;
export type AgendaItemKind = (typeof agendaItemKinds)[number];

export const agendaLimits = {
  /** Days ahead the agenda looks by default, and at most. */
  defaultDays: 30,
  maxDays: 90,
  /** Entries one answer holds at most (the earliest); `truncated` says when more were left out. */
  maxItems: 200,
} as const;

/**
 * When reminders go out (docs/decisions.md, "Agenda and reminders"): before a meeting starts, and
 * before a meeting's check-in window or a scheduled quiz's window closes. The job looks every
 * `runEveryMinutes`, so a reminder arrives up to that much later than its lead time.
 */
export const reminderTimes = {
  meetingStartLeadMinutes: 60,
  closingLeadMinutes: 30,
  runEveryMinutes: 5,
} as const;

/** What a reminder is about; with the activity and occurrence it names the one reminder sent. */
export const reminderKinds = ['meeting_start', 'checkin_close', 'deadline'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

export const agendaTexts = {
  title: 'Agenda',
  empty: 'Tidak ada jadwal dalam 30 hari ke depan.',
  truncated: 'Hanya jadwal terdekat yang ditampilkan.',
  kind: {
    meeting: 'Pertemuan',
    opens: 'Dibuka',
    deadline: 'Batas waktu kuis',
    program_end: 'Program berakhir',
  } satisfies Record<AgendaItemKind, string>,
  opensAt: (at: string) => `Dibuka pada ${at}`,
  checkInWindow: (from: string, until: string) => `Presensi ${from} – ${until}`,
  checkedIn: 'Sudah presensi',
  addToCalendar: 'Tambah ke kalender',
  calendarFailed: 'File kalender gagal diunduh, coba lagi',
  reminders: 'Pengingat',
  remindersHint:
    'Notifikasi 60 menit sebelum pertemuan dimulai dan 30 menit sebelum presensi atau batas waktu kuis berakhir.',
  remindersOn: 'Pengingat aktif',
  remindersOff: 'Pengingat nonaktif',
} as const;

/** Texts of the reminders, in the app and in the push. */
export const reminderTexts = {
  meetingStartTitle: 'Pertemuan segera dimulai',
  checkinCloseTitle: 'Presensi segera ditutup',
  deadlineTitle: 'Batas waktu kuis segera tiba',
  message: (activity: string, at: string) => `${activity}: ${at}`,
} as const;

export const agendaMessages = {
  meetingNotFound: 'Pertemuan tidak ditemukan',
  occurrenceNotFound: 'Jadwal pertemuan tidak ditemukan',
  daysInvalid: `days harus angka 1 sampai ${agendaLimits.maxDays}`,
  remindersSaved: 'Pengaturan pengingat disimpan',
} as const;
