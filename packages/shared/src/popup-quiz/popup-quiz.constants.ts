import { messages } from '../common/messages';

/** Pop-up quiz gameplay types (spec 02 §2). */
export const gameplayTypes = [
  'multiple_choice',
  'jigsaw',
  'matching_word',
  'finding_word',
] as const;
export type GameplayType = (typeof gameplayTypes)[number];

export const gameplayTypeLabels: Record<GameplayType, string> = {
  multiple_choice: 'Multiple Choice',
  jigsaw: 'Jigsaw',
  matching_word: 'Matching Word',
  finding_word: 'Finding Word',
};

/** Jigsaw starts with two options (spec 02 §3). */
export const jigsawDefaultOptions = ['Benar', 'Salah'];

/**
 * Pop-up settings in the order spec 02 §5 checks them; the first unset one is reported as
 * 'Pengaturan X belum diatur'.
 */
export const popupSettingOrder = [
  { key: 'show_explanation', label: 'Tampilkan Pembahasan' },
  { key: 'show_answer_explanation', label: 'Tampilkan Pembahasan dan Koreksi' },
  { key: 'skip', label: 'Skip' },
  { key: 'show_score', label: 'Tampilkan Score' },
  { key: 'retake', label: 'Kesempatan mengulang' },
  { key: 'time.enable', label: 'Gunakan Timer' },
  { key: 'time.duration', label: 'Estimasi Durasi' },
  { key: 'minimum_score', label: 'Nilai Minimal' },
] as const;

/** The largest pop-up question point (the spec shows none). */
export const popupPointMax = 1000;

export const popupMessages = {
  settingUnset: (label: string) => `Pengaturan ${label} belum diatur`,
  noQuestions: 'Silahkan tambahkan Pop Up Quiz terlebih dahulu dan simpan soal terbaru.',
  optionEmpty: (n: number) => `Jawaban nomor ${n} masih kosong`,
  leftEmpty: 'Opsi Kiri tidak boleh kosong',
  leftOptionEmpty: (n: number) => `Sesi Kiri opsi ${n} masih kosong`,
  rightEmpty: 'Opsi Kanan tidak boleh kosong',
  rightOptionEmpty: (n: number) => `Sesi Kanan opsi ${n} masih kosong`,
  textOrImage: 'Silahkah Pilih salah satu antara text atau gambar',
  wordsEmpty: 'Daftar kata tidak boleh kosong',
  wordEmpty: (n: number) => `Kata nomor ${n} masih kosong`,
  pointNotNumber: 'Poin harus angka',
  pointTooLarge: messages.numberMax('Poin', popupPointMax),
  timerNotNumber: 'Timer harus angka',
  questionSaved: 'Soal berhasil disimpan.',
  quizSaved: 'Data Pop Up Quiz berhasil disimpan.',
  quizUpdated: 'Data Pop Up Quiz berhasil diperbarui.',
  deleteTitle: 'Hapus Pop Up Quiz',
  warning:
    'Tambahkan data Pop Up Quiz terlebih dahulu, jika tidak maka pengaturan tidak akan tersimpan.',
} as const;
