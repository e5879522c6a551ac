/** Private discussion (spec 01 §2, §8, §9). */
export const chatMessages = {
  emptyMessage: 'Pesan tidak boleh kosong',
  emptyRooms: 'Diskusi Private Anda masih kosong',
  emptyChat: 'Chat masih kosong',
  read: 'Pesan sudah terbaca',
  sent: 'Pesan terkirim',
  noTrainer: 'Program ini belum memiliki trainer',
  imageUploaded: 'Gambar terunggah',
  imageUnsupported: 'File harus berupa gambar (JPG, PNG, GIF atau WebP)',
} as const;

/** Messages per page of the chat panel: 10, then 10 more on scrolling up (spec 01 §9). */
export const chatPageSize = 10;
/** Online = active within the last hour (spec 01 §9). */
export const onlineWindowMinutes = 60;
/** Snackbar time-out in the chat (spec 01 §9). */
export const chatSnackbarMs = 4000;
/** Spec 01 §3: a message's `type` is 1 when the member wrote it, otherwise 2 (staff). */
export const messageTypeMember = 1;
export const messageTypeStaff = 2;
