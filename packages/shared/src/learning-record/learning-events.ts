/**
 * The kinds of event in a participant's learning record (server time, append only). Each names
 * one thing the participant did, or staff did to their record.
 */
export const learningEventKinds = [
  'activity_opened',
  'content_opened',
  'video_watched',
  'popup_answered',
  'quiz_started',
  'answer_saved',
  'quiz_submitted',
  'checked_in',
  'work_uploaded',
  'feedback_given',
  'activity_completed',
  'certificate_issued',
  'certificate_corrected',
  'certificate_revoked',
] as const;
export type LearningEventKind = (typeof learningEventKinds)[number];

/** How each kind reads in the staff timeline ('Detail Aktivitas') and the export. */
export const learningEventLabels: Record<LearningEventKind, string> = {
  activity_opened: 'Membuka aktivitas',
  content_opened: 'Membuka materi',
  video_watched: 'Menonton video',
  popup_answered: 'Menjawab kuis pop-up',
  quiz_started: 'Memulai kuis',
  answer_saved: 'Menyimpan jawaban',
  quiz_submitted: 'Mengumpulkan kuis',
  checked_in: 'Presensi',
  work_uploaded: 'Mengunggah tugas praktik',
  feedback_given: 'Mendapat umpan balik',
  activity_completed: 'Aktivitas selesai',
  certificate_issued: 'Sertifikat terbit',
  certificate_corrected: 'Sertifikat dikoreksi',
  certificate_revoked: 'Sertifikat dicabut',
};
