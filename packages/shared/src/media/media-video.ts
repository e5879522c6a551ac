import { z } from 'zod';

/**
 * Where an uploaded video stands in its conversion to adaptive streaming (HLS): `queued` and
 * `processing` while the job runs (the original mp4 plays meanwhile), `ready` with its master
 * playlist, `failed` when the conversion did not succeed (the mp4 still plays).
 */
export const videoStreamStatuses = ['queued', 'processing', 'ready', 'failed'] as const;
export type VideoStreamStatus = (typeof videoStreamStatuses)[number];

/** One rendition of the master playlist, for a player that picks it itself ('Kualitas'). */
export const videoRenditionSchema = z.object({
  /** `240p`, `360p`, `720p`. */
  name: z.string(),
  height: z.number().int(),
  /** The rendition's own playlist. */
  url: z.string(),
});
export type VideoRendition = z.infer<typeof videoRenditionSchema>;

export const videoStreamSchema = z.object({
  status: z.enum(videoStreamStatuses),
  /** 0–100 while processing. */
  progress: z.number().int(),
  /** The master playlist, once ready. */
  hls_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  /** The video renditions, lowest first (the audio-only one is in the master playlist only). */
  renditions: z.array(videoRenditionSchema),
});
export type VideoStream = z.infer<typeof videoStreamSchema>;

/** The author's line under a video in the media library. */
export function videoStreamLabel(stream: Pick<VideoStream, 'status' | 'progress'>): string {
  switch (stream.status) {
    case 'queued':
      return 'Menunggu pemrosesan video…';
    case 'processing':
      return `Memproses video … ${stream.progress} %`;
    case 'ready':
      return 'Video siap (kualitas adaptif)';
    case 'failed':
      return 'Video gagal diproses; file asli tetap diputar';
  }
}

/** The player's 'Kualitas' choices. */
export const videoQualities = ['auto', 'saver', 'medium', 'high'] as const;
export type VideoQuality = (typeof videoQualities)[number];
export const videoQualityLabels: Record<VideoQuality, string> = {
  auto: 'Otomatis',
  saver: 'Hemat data',
  medium: 'Sedang',
  high: 'Tinggi',
};

/**
 * The rendition a quality stands for, as an index into renditions sorted lowest first; null
 * for 'Otomatis' (the player chooses by bandwidth). 'Sedang' is 360p where there is one.
 */
export function renditionIndexFor(
  quality: VideoQuality,
  renditions: readonly Pick<VideoRendition, 'height'>[],
): number | null {
  if (quality === 'auto' || renditions.length === 0) return null;
  if (quality === 'saver') return 0;
  if (quality === 'high') return renditions.length - 1;
  const medium = renditions.findIndex((r) => r.height >= 360);
  return medium === -1 ? renditions.length - 1 : medium;
}
