/** What the in-app PDF viewer says (Indonesian, as every text the users read). */
export const pdfTexts = {
  loading: 'Memuat PDF…',
  failed: 'PDF tidak dapat ditampilkan di dalam aplikasi.',
  toolbar: 'Tampilan PDF',
  pages: 'Halaman PDF',
  zoomOut: 'Perkecil',
  zoomIn: 'Perbesar',
  fitWidth: 'Sesuaikan lebar',
  page: (n: number, count: number) => `Halaman ${n} dari ${count}`,
} as const;
