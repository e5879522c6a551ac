/** Media kinds accepted by the upload, detected from the file's bytes. */
export const mediaTypes = ['image', 'audio', 'video', 'pdf', 'xlsx'] as const;
export type MediaType = (typeof mediaTypes)[number];

const MB = 1024 * 1024;

export const mediaLimits: Record<MediaType, number> = {
  image: 10 * MB,
  audio: 30 * MB,
  video: 100 * MB,
  pdf: 30 * MB,
  xlsx: 20 * MB,
};

export const maxUploadBytes = Math.max(...Object.values(mediaLimits));

/** How a kind is named in Indonesian messages. */
export const mediaTypeLabels: Record<MediaType, string> = {
  image: 'gambar',
  audio: 'audio',
  video: 'video',
  pdf: 'PDF',
  xlsx: 'Excel',
};

/** A limit as people read it: `10 MB`, `512 KB`. */
export function formatLimit(bytes: number): string {
  if (bytes >= MB) return `${Math.round((bytes / MB) * 100) / 100} MB`;
  return `${Math.round((bytes / 1024) * 100) / 100} KB`;
}

export const mediaMessages = {
  fileRequired: 'File tidak boleh kosong',
  tooLarge: (type: string, limit: string) => `Ukuran file ${type} maksimal ${limit}`,
  fileTooLarge: (limit: string) => `Ukuran file maksimal ${limit}`,
  unsupported: 'Format file tidak didukung',
  oneFile: 'Hanya satu file yang dapat diunggah',
  invalidUrl: 'URL tidak valid',
  rangeNotSatisfiable: 'Rentang data tidak valid',
  videoNotice: 'Format file yang didukung adalah mp4 ukuran maks: 100 MB.',
  wrongKind: (type: string) => `Please select ${type} file format`,
  deleted: 'Media berhasil dihapus',
  /** 415 of a PDF with JavaScript, actions or embedded files (media and practice work). */
  pdfActiveContent:
    'PDF berisi konten aktif (JavaScript, aksi otomatis, atau file sisipan) dan tidak dapat diunggah. Simpan ulang sebagai PDF biasa (misalnya lewat "Cetak ke PDF"), lalu unggah lagi.',
} as const;

/** The 413 message of a kind: `Ukuran file gambar maksimal 10 MB`. */
export function tooLargeMessage(type: MediaType): string {
  return mediaMessages.tooLarge(mediaTypeLabels[type], formatLimit(mediaLimits[type]));
}

/**
 * Every accepted format, keyed by the extension `file-type` reports for it. The stored file gets
 * this extension and is served with this MIME type. SVG is left out on purpose: it can carry
 * script. WebM is taken as audio (a browser's audio recording); video is mp4 only (spec 02 §9).
 */
export const mediaFormats = {
  jpg: { type: 'image', mime: 'image/jpeg' },
  png: { type: 'image', mime: 'image/png' },
  gif: { type: 'image', mime: 'image/gif' },
  webp: { type: 'image', mime: 'image/webp' },
  mp3: { type: 'audio', mime: 'audio/mpeg' },
  wav: { type: 'audio', mime: 'audio/wav' },
  ogg: { type: 'audio', mime: 'audio/ogg' },
  oga: { type: 'audio', mime: 'audio/ogg' },
  opus: { type: 'audio', mime: 'audio/ogg' },
  m4a: { type: 'audio', mime: 'audio/mp4' },
  aac: { type: 'audio', mime: 'audio/aac' },
  webm: { type: 'audio', mime: 'audio/webm' },
  mp4: { type: 'video', mime: 'video/mp4' },
  pdf: { type: 'pdf', mime: 'application/pdf' },
  xlsx: {
    type: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
} as const satisfies Record<string, { type: MediaType; mime: string }>;
export type MediaExtension = keyof typeof mediaFormats;

export function isMediaExtension(ext: string): ext is MediaExtension {
  return Object.hasOwn(mediaFormats, ext);
}

/** `accept` attribute of a file input for a kind, from the same format list. */
export function mediaAccept(type: MediaType): string {
  const list = Object.entries(mediaFormats).filter(([, f]) => f.type === type);
  return [...new Set(list.flatMap(([ext, f]) => [f.mime, `.${ext}`]))].join(',');
}

/** Sort fields of the media list (allow-list). */
export const mediaSortFields = ['created_at', 'title', 'size'] as const;
export type MediaSortField = (typeof mediaSortFields)[number];
