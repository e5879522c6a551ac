/**
 * 'Analitik Program': what a program's learning record teaches staff. Wording of the screen, the
 * workbook and the messages, written once for the server and the back office.
 */

/** Buckets a video's length is cut into for its drop-off line (each 1/50 of the duration). */
export const videoBucketCount = 50;

/** Rows of the per-participant learning-gain table on one page. */
export const gainPageSize = 20;

export const programAnalyticsTexts = {
  title: 'Analitik Program',
  gain: 'Peningkatan Belajar',
  funnel: 'Corong Aktivitas',
  videos: 'Video',
  attendance: 'Presensi per Pertemuan',
  practice: 'Tugas Praktik',
  educationLevel: 'Jenjang Pendidikan',
  allLevels: 'Semua jenjang',
  download: 'Unduh Excel',
} as const;

export const programAnalyticsMessages = {
  levelInvalid: 'Jenjang pendidikan tidak valid',
  pageInvalid: 'Halaman tidak valid',
  sectionInvalid: 'Bagian analitik tidak valid',
  exported: 'Berkas analitik siap diunduh',
} as const;

/** The workbook's sheets, one per section, and their headers. */
export const programAnalyticsSheets = {
  summary: {
    name: 'Ringkasan',
    headers: ['Ukuran', 'Nilai'],
  },
  gain: {
    name: 'Peningkatan Belajar',
    headers: ['No', 'Nama', 'Pre Test', 'Post Test', 'Gain', 'Gain Ternormalisasi'],
  },
  funnel: {
    name: 'Corong Aktivitas',
    headers: [
      'No',
      'Topik',
      'Aktivitas',
      'Jenis',
      'Membuka',
      'Memulai',
      'Menyelesaikan',
      'Turun dari Sebelumnya',
      'Penurunan Terbesar',
    ],
  },
  videoWatch: {
    name: 'Video Ditonton',
    headers: ['Video', 'Bagian', 'Dari Detik', 'Sampai Detik', 'Penonton', 'Persentase Penonton'],
  },
  videoPopups: {
    name: 'Kuis Pop-up',
    headers: ['Video', 'Detik', 'Pertanyaan', 'Dijawab', 'Benar', 'Persentase Benar'],
  },
  attendance: {
    name: 'Presensi',
    headers: ['Topik', 'Pertemuan', 'Jadwal', 'Hadir', 'Peserta', 'Persentase Hadir'],
  },
  practice: {
    name: 'Tugas Praktik',
    headers: ['Topik', 'Tugas', 'Dikumpulkan', 'Dinilai', 'Median Waktu Umpan Balik (jam)'],
  },
} as const;
