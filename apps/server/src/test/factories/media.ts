import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { mediaFormats, type MediaExtension } from '@ajar/shared/media/media.constants';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import type { Storage } from '../../lib/storage';

export type MediaRowOverrides = Partial<typeof media.$inferInsert> & { ext?: MediaExtension };

/**
 * Inserts a media row. With `storage` and `bytes`, the file is stored under its key too, so the
 * row can be served from `/media`.
 */
export async function buildMedia(
  db: Db,
  overrides: MediaRowOverrides = {},
  file?: { storage: Storage; bytes: Buffer },
) {
  const { ext = 'png', ...values } = overrides;
  const id = values.id ?? randomUUID();
  const format = mediaFormats[ext];
  const storage_key = values.storage_key ?? `2025/01/${id}.${ext}`;
  if (file) await file.storage.put(storage_key, Readable.from([file.bytes]));
  const [row] = await db
    .insert(media)
    .values({
      id,
      type: format.type,
      mime: format.mime,
      size: file?.bytes.length ?? 1024,
      storage_key,
      title: `Media ${id.slice(0, 8)}`,
      source: 'upload',
      ...values,
    })
    .returning();
  return row!;
}

/** A real workbook written by ExcelJS. */
export async function xlsxBytes(rows: (string | number)[][] = [['judul', 'nilai']]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body in the given part order. */
export function multipartBody(parts: FormPart[]) {
  const boundary = `----ajar${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    boundary,
  };
}
