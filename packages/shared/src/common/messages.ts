/** Indonesian validation messages of spec 01 §5, written once for server and web. */
export const messages = {
  required: (field: string) => `${field} tidak boleh kosong`,
  email: (field: string) => `${field} bukan email yang valid.`,
  max: (field: string, n: number) => `${field} harus kurang dari atau sama dengan ${n} karakter.`,
  min: (field: string, n: number) => `${field} harus lebih dari atau sama dengan ${n} karakter.`,
  between: (field: string, min: number, max: number) =>
    `${field} harus berada diantara ${min} dan ${max} karakter`,
  number: (field: string) => `${field} harus berupa angka`,
  numberMin: (field: string, n: number) => `${field} harus lebih dari atau sama dengan ${n}`,
  /** The number counterpart of `max`, worded like `numberMin` (no unit, no full stop). */
  numberMax: (field: string, n: number) => `${field} harus kurang dari atau sama dengan ${n}`,
  invalidForm: 'Data cannot be empty, Please check your data',
  errorValidation: 'error validation',
  unauthorized: 'Sesi Anda telah berakhir, silakan login kembali',
  forbidden: 'Anda tidak memiliki akses',
  notFound: 'Data tidak ditemukan',
  serverError: 'Terjadi kesalahan pada server',
  /** A call that never reached the server (fetch refused, connection lost), in both apps. */
  networkError: 'Tidak dapat terhubung ke server, coba lagi',
  /** A reply that does not have the shape the app expects (an app older than its server). */
  unreadableReply: 'Jawaban server tidak dapat dibaca. Muat ulang halaman lalu coba lagi.',
} as const;
