/** Limits and Indonesian messages of the member API, written once. */

export const memberLimits = {
  fullname: 255,
  /** WhatsApp number: 62 then 8 to 13 digits (10 to 15 digits in all). */
  phonePattern: /^62\d{8,13}$/,
  /** Earliest birth date (the same bound as the staff's Update User dialog). */
  birthDateMin: '1950-01-01',
  /** A voucher code, a redeem code or a referral code as typed. */
  code: 64,
  /** Practice work note. */
  workNote: 1000,
  /** Practice work file (bytes). */
  workFileBytes: 20 * 1024 * 1024,
  /** Submissions arriving this long after the deadline still count (network time). */
  quizGraceSeconds: 30,
  /** Member sessions last longer than staff ones: learners sign in on their phones. */
  sessionDays: 30,
  /**
   * Registrations per address in `registerWindowMinutes`: a class registering from
   * one office or school network fits; a flood does not.
   */
  registerPerAddress: 20,
  registerWindowMinutes: 15,
} as const;

export const memberMessages = {
  registered: 'Registrasi berhasil',
  loggedOut: 'Logout berhasil',
  emailTaken: 'Email sudah terdaftar',
  tooManyRegistrations: (minutes: number) =>
    `Terlalu banyak pendaftaran dari alamat ini. Coba lagi dalam ${minutes} menit.`,
  registrationBusy: 'Pendaftaran sedang ramai. Silakan coba lagi sebentar lagi.',
  phoneFormat:
    'Nomor Whatsapp tidak valid. Tulis nomor Indonesia, misalnya 081234567890 atau +6281234567890',
  birthDateRange: 'Tanggal lahir harus di antara 1950-01-01 dan hari ini',
  birthDateFormat: 'Tanggal lahir tidak valid',
  voucherNotFound: 'Kode voucher tidak ditemukan',
  voucherUsed: 'Kode voucher sudah digunakan',
  referralNotFound: 'Kode referral tidak ditemukan',
  pmoCodeUsed: 'Kode redeem sudah digunakan di program ini. Periksa kembali kode redeem Anda',
  programUnavailable: 'Program belum tersedia',
  alreadyJoined: 'Anda sudah terdaftar di program ini',
  redeemed: 'Voucher berhasil digunakan',
  tooManyRedeems: (minutes: number) =>
    `Terlalu banyak percobaan kode voucher yang salah. Coba lagi dalam ${minutes} menit.`,
  programNotFound: 'Program tidak ditemukan',
  /** A program the member has not redeemed (or that does not exist: the answer is the same). */
  programNotJoined:
    'Program tidak ditemukan di daftar program Anda. Gunakan kode voucher untuk bergabung dengan program',
  activityNotFound: 'Aktivitas tidak ditemukan',
  activityCompleted: 'Aktivitas selesai',
  completeByQuiz: 'Aktivitas ini selesai dengan mengerjakan soal',
  completeByUpload: 'Aktivitas ini selesai dengan mengunggah tugas',
  notQuiz: 'Aktivitas ini tidak memiliki soal',
  noQuestions: 'Soal belum tersedia',
  noAttemptsLeft: 'Kesempatan mengerjakan sudah habis',
  attemptNotFound: 'Pengerjaan tidak ditemukan',
  attemptClosed: 'Pengerjaan ini sudah dikumpulkan',
  timeUp: 'Waktu pengerjaan sudah habis',
  quizStarted: 'Selamat mengerjakan',
  quizSubmitted: 'Jawaban berhasil dikumpulkan',
  answerSaved: 'Jawaban tersimpan',
  answerInvalid: 'Jawaban harus berupa nomor pilihan',
  questionNotInAttempt: 'Soal tidak ada di pengerjaan ini',
  unknownQuestion: 'Jawaban untuk soal yang tidak diberikan',
  optionNotFound: (questionNumber: number, optionCount: number) =>
    `Pilihan jawaban soal nomor ${questionNumber} tidak ada: soal ini memiliki ${optionCount} pilihan`,
  notPractice: 'Aktivitas ini tidak menerima unggahan tugas',
  workUploaded: 'Tugas berhasil diunggah',
  fileRequired: 'File tidak boleh kosong',
  oneFile: 'Hanya satu file yang dapat diunggah',
  workTooLarge: 'Ukuran file maksimal 20 MB',
  workUnsupported:
    'Format file tidak didukung. File yang diterima: PDF, JPG/JPEG, PNG, WEBP, Word (DOC, DOCX), Excel (XLS, XLSX), PowerPoint (PPT, PPTX) atau ZIP',
  workNotFound: 'Tugas belum diunggah',
  /** Locked activities: the reason shown and answered (403). */
  lockedUntil: (when: string) => `Dibuka pada ${when}`,
  lockedScheduleEnded: 'Jadwal aktivitas ini sudah berakhir',
  lockedBy: (name: string) => `Selesaikan aktivitas "${name}" terlebih dahulu`,
  certificateNotReady: 'Sertifikat tersedia setelah program selesai',
  videoProgressSaved: 'Posisi video tersimpan',
  notVideo: 'Aktivitas ini bukan video',
  /** The complete call refuses what completes another way (docs/decisions.md, completion). */
  completeByWatching:
    'Video selesai otomatis setelah ditonton sampai batas yang ditentukan dan semua kuis pop-up dijawab',
  completeByCheckIn: 'Aktivitas ini selesai dengan presensi',
  contentMissing: 'Materi aktivitas ini belum tersedia, sehingga belum dapat diselesaikan',
  fileNotOpened: 'Buka dokumen terlebih dahulu sebelum menandai selesai',
  linkNotFollowed: 'Buka tautan terlebih dahulu sebelum menandai selesai',
  pageNotOpened: 'Buka halaman aktivitas terlebih dahulu sebelum menandai selesai',
  tooSoon: (minutes: number) =>
    `Pelajari materi ini lebih lama: tanda selesai dapat digunakan ${minutes} menit lagi`,
  contentLinkInvalid: 'Tautan materi tidak berlaku lagi. Buka kembali aktivitas di aplikasi',
} as const;

/**
 * Practice work formats, keyed by what `file-type` reports (legacy Office files are all `cfb`
 * there; their extension comes from the file name, see the upload service).
 */
export const workFormats = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  zip: 'application/zip',
} as const;
export type WorkExtension = keyof typeof workFormats;

/**
 * The file name extensions a practice work may carry: each format's own and the other spellings
 * of the same format ('.jpeg' is a JPG). The server decides from the bytes; this list serves the
 * file picker's `accept` and the check before sending.
 */
export const workFileExtensions: readonly string[] = [...Object.keys(workFormats), 'jpeg', 'jpe'];

/** Whether a file name has an extension practice work accepts (any case). */
export function isWorkFileName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && workFileExtensions.includes(name.slice(dot + 1).toLowerCase());
}

/** How a member completes each kind of activity. */
export type CompletionMode = 'manual' | 'quiz' | 'upload';

/** The product's education levels, in their order; stored on the member (null: not given). */
export const educationLevels = [
  'paud',
  'tk',
  'sd',
  'smp',
  'sma',
  'mahasiswa',
  'profesional',
  'umum',
] as const;
export type EducationLevel = (typeof educationLevels)[number];

export const educationLevelLabels: Record<EducationLevel, string> = {
  paud: 'Paud',
  tk: 'Taman Kanak-Kanak',
  sd: 'SD',
  smp: 'SMP',
  sma: 'SMA',
  mahasiswa: 'Mahasiswa',
  profesional: 'Profesional',
  umum: 'Umum',
};

export const educationLevelFieldLabel = 'Jenjang Pendidikan';
