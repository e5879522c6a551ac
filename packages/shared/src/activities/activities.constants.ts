/** Activity types of spec 01 §3 / spec 02 §1, in the order the type picker shows them. */
export const activityTypes = [
  'menonton_video',
  'embed_youtube',
  'pre_test',
  'quiz',
  'post_test',
  'exam',
  'praktek_mandiri',
  'evaluasi_praktek_mandiri',
  'membaca-e-book',
  'berdiskusi_daring',
  'berdiskusi_luring',
  'evaluasi',
  'general',
] as const;
export type ActivityType = (typeof activityTypes)[number];

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && (activityTypes as readonly string[]).includes(value);
}

/** Labels the spec names outright; every other type is derived (see `activityTypeLabel`). */
const fixedTypeLabels: Partial<Record<ActivityType, string>> = {
  embed_youtube: 'Video Pembelajaran',
  'membaca-e-book': 'Membaca e-book',
};

/**
 * How a type is shown ('Jenis aktivitas'). The spec fixes two labels and says other underscores
 * are shown as spaces; every word is capitalised ('Pre Test', 'Menonton Video', 'Berdiskusi
 * Daring'), the way the screens title the rest of their labels. An unknown type is shown the same
 * way rather than hidden.
 */
export function activityTypeLabel(type: string): string {
  const fixed = fixedTypeLabels[type as ActivityType];
  if (fixed) return fixed;
  return type
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Types whose body is question packets (tab 'Pertanyaan') instead of a content form. */
export const quizActivityTypes = [
  'pre_test',
  'quiz',
  'post_test',
  'exam',
] as const satisfies readonly ActivityType[];
export type QuizActivityType = (typeof quizActivityTypes)[number];

export function isQuizActivityType(type: string): type is QuizActivityType {
  return (quizActivityTypes as readonly string[]).includes(type);
}

/** Only video activities carry a pop-up quiz (spec 02 §2 'Pop up Quiz' tab). */
export const popupQuizActivityType = 'menonton_video' satisfies ActivityType;

export function hasPopupQuiz(type: string): boolean {
  return type === popupQuizActivityType;
}

/** The content forms of spec 02 §2. */
export const contentForms = [
  'video',
  'youtube',
  'meeting',
  'google_form',
  'pdf',
  'description',
] as const;
export type ContentForm = (typeof contentForms)[number];

/**
 * Which content form a type uses; `null` = questions instead (quiz types). The spec leaves this
 * open; the mapping follows each type's name: online and offline discussions are meetings (an
 * offline one simply has no link), 'evaluasi' is the Google Form link, e-book reading is the PDF
 * form, the two practice types and 'general' are the plain description forms.
 */
export const activityContentForm: Record<ActivityType, ContentForm | null> = {
  menonton_video: 'video',
  embed_youtube: 'youtube',
  pre_test: null,
  quiz: null,
  post_test: null,
  exam: null,
  praktek_mandiri: 'description',
  evaluasi_praktek_mandiri: 'description',
  'membaca-e-book': 'pdf',
  berdiskusi_daring: 'meeting',
  berdiskusi_luring: 'meeting',
  evaluasi: 'google_form',
  general: 'description',
};

/** Which kind of file a content form accepts (media kinds of `media.constants`), if any. */
export const contentFormFileKind: Record<ContentForm, 'video' | 'pdf' | null> = {
  video: 'video',
  pdf: 'pdf',
  youtube: null,
  meeting: null,
  google_form: null,
  description: null,
};

/** The file kind an activity of this type may carry (`file` of the multipart create/update). */
export function activityFileKind(type: ActivityType): 'video' | 'pdf' | null {
  const form = activityContentForm[type];
  return form ? contentFormFileKind[form] : null;
}

/** Tabs of the activity edit screen (spec 02 §2). */
export const activityTabs = {
  detail: 'Detail',
  settings: 'Pengaturan',
  questions: 'Pertanyaan',
  content: 'Konten',
  popupQuiz: 'Pop up Quiz',
} as const;

export const activityStatuses = ['draft', 'publish'] as const;
export type ActivityStatus = (typeof activityStatuses)[number];

/** Repeat-test options (spec 01 §9, spec 02 §9): 0 = no repeat, -1 = unlimited. */
export const repeatOptions = [
  { value: 1, label: '1x' },
  { value: 10, label: '10x' },
  { value: 50, label: '50x' },
  { value: 100, label: '100x' },
  { value: 0, label: 'Tidak bisa mengulang' },
  { value: -1, label: 'Tanpa batas' },
] as const;
export const repeatValues = repeatOptions.map((o) => o.value) as readonly number[];
export type RepeatValue = (typeof repeatOptions)[number]['value'];

/** Discussion-enabled options (is_show_discussion). */
export const discussionOptions = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'Private' },
  { value: 2, label: 'Public' },
] as const;
export type DiscussionValue = (typeof discussionOptions)[number]['value'];

/** Content `type` options (spec 02 §3). */
export const contentMediaTypes = ['Gambar / File PDF', 'Link', 'No Media'] as const;
export type ContentMediaType = (typeof contentMediaTypes)[number];

/** Day values of schedules, with the Indonesian names the screens show. */
export const dayValues = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type DayValue = (typeof dayValues)[number];

export const dayNames: Record<DayValue, string> = {
  sunday: 'Minggu',
  monday: 'Senin',
  tuesday: 'Selasa',
  wednesday: 'Rabu',
  thursday: 'Kamis',
  friday: 'Jumat',
  saturday: 'Sabtu',
};

export const dayOptions = dayValues.map((value) => ({ value, label: dayNames[value] }));

/** Schedule mode: '1' by day, '2' by date (spec 02 §4, §9). */
export const scheduleModes = { byDay: '1', byDate: '2' } as const;
export type ScheduleMode = (typeof scheduleModes)[keyof typeof scheduleModes];
export const scheduleModeOptions = [
  { value: scheduleModes.byDay, label: 'Hari' },
  { value: scheduleModes.byDate, label: 'Tanggal' },
] as const;

/** Titles of the meta_data entries that carry schedules (spec 02 §3). */
export const scheduleMetaKeys = {
  isScheduled: 'is_scheduled',
  isShowScheduled: 'is_show_scheduled',
  schedulesData: 'schedules_data',
  finishActivity: 'finish_activity',
} as const;
export const reservedMetaTitles: readonly string[] = Object.values(scheduleMetaKeys);

/** Messages of spec 02 §8 and the activity form. */
export const activityMessages = {
  created: 'Aktivitas berhasil dibuat.',
  updated: 'Aktivitas berhasil diperbarui.',
  deleted: 'Aktivitas berhasil dihapus.',
  approved: 'Aktivitas berhasil disetujui.',
  reordered: 'Urutan aktivitas berhasil diubah.',
  quizSaved: 'Data Pop Up Quiz berhasil disimpan.',
  quizUpdated: 'Data Pop Up Quiz berhasil diperbarui.',
  /** Save failure: `Error: {message}.` with the server message when there is one. */
  error: (message: string) => `Error: ${message}.`,
  nameRequired: 'Judul aktivitas tidak boleh kosong',
  typeRequired: 'Jenis aktivitas tidak boleh kosong',
  typeInvalid: 'Jenis aktivitas tidak valid',
  typeFixed: 'Jenis aktivitas tidak dapat diubah',
  cloneOnlyPostTest: 'Hanya post test yang dapat menyalin pre test',
  quizOnlyVideo: 'Pop Up Quiz hanya untuk aktivitas menonton video',
  fileNotAllowed: 'Jenis aktivitas ini tidak menerima file',
  fileNotFound: 'File tidak ditemukan',
  youtubeUrl: 'URL YouTube tidak valid',
  url: 'URL tidak valid',
  settingsWarning: 'Pengaturan harus disimpan setelah diisi.',
  reorderOutOfRange: 'Posisi aktivitas tidak valid',
} as const;

/** Delay before leaving the form after a create (spec 01 §9: 1000 ms). */
export const activityRedirectDelayMs = 1000;

/**
 * Where the create screen goes (spec 02 §4): pre_test, quiz and post_test open their edit screen
 * (to add questions), every other type returns to program detail. Taken literally, exam returns
 * to program detail as well.
 */
export function activityRedirectAfterCreate(type: string): {
  route: 'activity-edit' | 'program-detail';
  delayMs: number;
} {
  const toEdit = type === 'pre_test' || type === 'quiz' || type === 'post_test';
  return { route: toEdit ? 'activity-edit' : 'program-detail', delayMs: activityRedirectDelayMs };
}

/** Snackbar time-out in the activity form (spec 02 §9). */
export const activitySnackbarMs = 3000;
