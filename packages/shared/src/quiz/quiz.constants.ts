import { messages } from '../common/messages';

/** Question types of spec 02 §2 (version B offers only multiple_choice in its editor). */
export const questionTypes = ['multiple_choice', 'single_choice_survey'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const questionTypeLabels: Record<QuestionType, string> = {
  multiple_choice: 'Multiple Choice',
  single_choice_survey: 'Single Choice Survey',
};

export const defaultQuestionPoint = 5;

/** A packet and a question are created with status publish (spec 02 §4). */
export const questionStatuses = ['publish', 'draft'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

/** Labels of the section form (spec 02 §2, version B). */
export const sectionLabels = { name: 'Nama', minScore: 'Minimal Score' } as const;

/** Bounds the spec leaves open (recorded in docs/decisions.md). */
export const quizLimits = {
  /** HTML characters of a question text or an explanation. */
  richText: 20_000,
  optionText: 1000,
  options: 10,
  questionsPerGroup: 200,
  sectionName: 255,
  /** A section's minimum on the 0–100 score the participant gets (as the activity's 'Nilai Minimal'). */
  minScore: 100,
  /** A point, as entered (dot or comma decimal). */
  point: 1_000_000,
} as const;

/** Messages of spec 02 §5, §8. */
export const quizMessages = {
  questionEmpty: 'Pertanyaan tidak boleh kosong',
  optionsEmpty: 'Opsi jawaban tidak boleh kosong',
  correctEmpty: 'Jawaban benar tidak boleh kosong',
  pointEmpty: 'Poin tidak boleh kosong atau 0',
  pointNotNumber: 'Poin harus angka',
  /** A point below 0 ('-3'): a number, so not `pointNotNumber`. */
  pointNegative: messages.numberMin('Poin', 0),
  /** A question or option point above `quizLimits.point` (scores would overflow). */
  pointTooLarge: messages.numberMax('Poin', quizLimits.point),
  optionsDuplicate: 'Opsi jawaban tidak boleh sama',
  questionNotFound: 'Soal tidak ditemukan',
  notQuizActivity: 'Aktivitas ini tidak memiliki paket soal',
  packetsEmpty: 'Paket soal tidak boleh kosong',
  generic: 'Something bad happen',
  sectionSaveFailed: 'Gagal menyimpan section',
  loading: 'Harap menunggu load data soal',
  noPackets: 'Tidak ada paket soal',
  noSections: 'Tidak ada section',
  deletePacketTitle: 'Hapus Paket Soal',
  deletePacketText: 'Apakah anda ingin menghapus paket soal ini ?',
  deleteSectionTitle: 'Hapus Section Soal',
  deleteQuestionTitle: 'Hapus Soal',
  packetCreated: 'Paket soal berhasil dibuat',
  packetDeleted: 'Paket soal berhasil dihapus',
  groupSaved: 'Section berhasil disimpan',
  groupDeleted: 'Section berhasil dihapus',
  sectionSaved: 'Section berhasil disimpan',
  sectionDeleted: 'Section berhasil dihapus',
  questionSaved: 'Soal berhasil disimpan',
  questionDeleted: 'Soal berhasil dihapus',
} as const;

/** How long a validation message stays beside its question (spec 02 §9). */
export const validationDisplayMs = 3000;
/** The section-loading overlay (spec 02 §9). */
export const sectionLoadingMs = 400;
