/** Staff accounts managed by the superadmin (only the superadmin manages staff). */
import type { RoleKey } from '../common/roles';

/** Roles a new staff account may get: a superadmin is only ever made by promoting an account. */
export const staffCreatableRoles = ['admin', 'trainer'] as const satisfies readonly RoleKey[];
export type StaffCreatableRole = (typeof staffCreatableRoles)[number];

export const staffStatuses = ['active', 'inactive'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

export const staffSortFields = ['created_at', 'fullname'] as const;
export type StaffSortField = (typeof staffSortFields)[number];

export const staffLimits = {
  fullname: 100,
  search: 100,
  /** Telepon: 9..15 digits, like the reseller's No Handphone. */
  phonePattern: /^\d{9,15}$/,
  maxPage: 100,
} as const;

export const staffDefaultPageSize = 10;

/** Form labels, used in the messages. */
export const staffFieldLabels = {
  fullname: 'Nama Lengkap',
  email: 'Email',
  phone: 'No Handphone',
  role: 'Peran',
  password: 'Password',
  search: 'Pencarian',
  status: 'Status',
} as const;

export const staffMessages = {
  created: 'Pengguna berhasil ditambahkan',
  updated: 'Pengguna berhasil diperbarui',
  activated: 'Pengguna berhasil diaktifkan',
  deactivated: 'Pengguna berhasil dinonaktifkan',
  resetLinkSent: 'Link reset password berhasil dikirim',
  emailTaken: 'Email sudah digunakan oleh pengguna lain',
  phoneFormat: 'No Handphone harus terdiri dari 9 sampai 15 angka',
  roleInvalid: 'Peran tidak valid',
  createRoleInvalid: 'Peran harus Admin atau Trainer',
  statusInvalid: 'Status tidak valid',
  isActiveInvalid: 'is_active harus true atau false',
  sortInvalid: 'Urutan tidak valid',
  pageInvalid: 'Halaman tidak valid',
  limitInvalid: `Jumlah per halaman harus antara 1 dan ${staffLimits.maxPage}`,
  selfDeactivate: 'Anda tidak dapat menonaktifkan akun anda sendiri',
  selfDemote: 'Anda tidak dapat mengubah peran akun anda sendiri',
  lastSuperadmin: 'Super Admin aktif terakhir tidak dapat dinonaktifkan atau diubah perannya',
  resetInactive:
    'Akun tidak aktif. Aktifkan akun terlebih dahulu sebelum mengirim link reset password',
  mailFailed: 'Email reset password gagal dikirim, silakan coba lagi',
} as const;
