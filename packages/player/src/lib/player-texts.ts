/** Shown when an answer made offline waits on the device. */
export const queuedText = 'Tersimpan, akan dikirim saat online';

/** 'Kesempatan mengulang' left: Infinity without a limit. */
export function retakeText(retakes: number): string {
  return retakes === Number.POSITIVE_INFINITY
    ? 'Kesempatan mengulang: tanpa batas'
    : retakes > 0
      ? `Sisa kesempatan mengulang: ${retakes}`
      : 'Tidak ada kesempatan mengulang';
}
