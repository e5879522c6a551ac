/** Topic statuses: the topic screen creates and edits with publish; an older form used draft. */
export const topicStatuses = ['draft', 'publish'] as const;
export type TopicStatus = (typeof topicStatuses)[number];

/** Sort fields of the topic list (allow-list); the screens use seq. */
export const topicSortFields = ['seq', 'created_at', 'name'] as const;
export type TopicSortField = (typeof topicSortFields)[number];

export const topicFieldLimits = { name: 255, search: 255 } as const;

export const topicFieldLabels = { name: 'Judul Topik', program: 'Program' } as const;

/** Messages of spec 01 §8 and of the server's topic rules. */
export const topicMessages = {
  created: 'Topik berhasil ditambahkan',
  updated: 'Topik berhasil diubah',
  deleted: 'Topik berhasil dihapus',
  reordered: 'Urutan topik berhasil diubah',
  empty: 'Tidak ada topik',
  invalidStatus: 'Status topik tidak valid',
  programNotFound: 'Program tidak ditemukan',
  otherProgram: 'Topik tidak dapat dipindahkan ke program lain',
  topicNotInProgram: 'Topik tidak ditemukan pada program ini',
  invalidPosition: 'Posisi tujuan harus berupa angka',
} as const;

/**
 * Where a moved item lands, clamped to 1..n (the drop target of a drag can be past either end).
 * Pure so the web can move the row optimistically the same way the server does.
 */
export function clampPosition(to: number, count: number): number {
  if (count < 1) return 1;
  return Math.min(Math.max(Math.trunc(to), 1), count);
}

/** The order after moving the item at position `from` (1-based) to position `to` (1-based, clamped). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [moved] = result.splice(from - 1, 1);
  if (moved === undefined) return result;
  result.splice(clampPosition(to, items.length) - 1, 0, moved);
  return result;
}
