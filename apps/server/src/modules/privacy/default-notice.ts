import type { DbOrTx } from '../../db/client';
import { insertNotice, latestNotice } from './consent.repository';

/**
 * The privacy notice every installation starts with (version 1), written from
 * docs/personal-data.md; the provider edits it as superadmin ('Kebijakan Privasi').
 */
export const defaultPrivacyNotice = `Kebijakan Privasi

Penyelenggara pelatihan menggunakan Ajar untuk menyelenggarakan program pelatihan Anda. Kebijakan ini menjelaskan data pribadi apa yang kami simpan, untuk apa, dan berapa lama, sesuai Undang-Undang No. 27 Tahun 2022 tentang Pelindungan Data Pribadi.

Data yang kami simpan
- Nama, e-mail, nomor WhatsApp, tanggal lahir, jenjang pendidikan, dan foto profil: untuk masuk ke akun, sertifikat, dihubungi pelatih, dan laporan yang wajib diberikan penyelenggara.
- Kemajuan belajar, jawaban kuis, nilai, kehadiran, dan tugas yang Anda unggah: untuk pembelajaran, penilaian, dan laporan penyelenggara.
- Pesan diskusi dan chat: untuk belajar bersama pelatih dan peserta lain.
- Sertifikat yang terbit: agar keasliannya dapat diverifikasi.

Hak Anda
- Mengunduh salinan semua data Anda ('Unduh data saya' di Profil).
- Meminta perbaikan data kepada penyelenggara.
- Menghapus akun ('Hapus akun' di Profil). Data pribadi dihapus; nilai dan kehadiran disimpan tanpa nama untuk laporan, dan sertifikat yang sudah terbit tetap dapat diverifikasi.
- Menarik persetujuan dengan menghapus akun.

Jika kebijakan ini berubah, Anda akan diminta membaca dan menyetujuinya lagi saat membuka aplikasi.`;

/** Saves the first version when no notice exists yet (a new installation, the demo seed). */
export async function ensurePrivacyNotice(db: DbOrTx): Promise<void> {
  if (await latestNotice(db)) return;
  await insertNotice(db, defaultPrivacyNotice, null);
}
