import { loadFileType } from './lazy-modules';

/**
 * One part of an upload form, independent of the multipart parser: a text field, or a file whose
 * bytes must be read before the next part arrives.
 */
export type UploadPart =
  | { kind: 'field'; name: string; value: string; truncated: boolean }
  | {
      kind: 'file';
      name: string;
      filename: string;
      chunks: AsyncIterable<Buffer>;
      /** Stops reading the file (after a refusal); the rest of it is dropped. */
      discard(): void;
      /** True once the parser cut the file at its overall size limit. */
      truncated(): boolean;
    };

export type FilePart = Extract<UploadPart, { kind: 'file' }>;

/** `file-type` needs about 4100 bytes for most formats (its own recommendation). */
const headBytes = 4100;
/** A zip is read further, so an Office file whose parts come in another order is still told. */
const zipHeadBytes = 64 * 1024;

/**
 * The format the first bytes show (`file-type`, loaded on first use), or undefined when they show
 * none: a malformed header is simply not a format we know.
 */
async function detectFileType(head: Buffer): Promise<{ ext: string } | undefined> {
  try {
    return await (
      await loadFileType()
    )(head);
  } catch {
    return undefined;
  }
}

/** A file part whose first bytes were read to tell its format. */
export interface SniffedFile {
  /** The format the bytes show (`file-type`'s extension), undefined when they show none. */
  detected: string | undefined;
  /**
   * The whole file, the bytes read already first, refused with `tooLarge()` once it passes
   * `limit` bytes or when the parser cut it at its overall limit.
   */
  body(limit: number, tooLarge: () => Error): AsyncGenerator<Buffer>;
}

/**
 * Reads the first bytes of a file part and tells its format from them (DESIGN: uploads are
 * checked by content, never by name or declared type). Answers null for an empty file.
 */
export async function sniffFilePart(part: FilePart): Promise<SniffedFile | null> {
  const chunks = part.chunks[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  let ended = false;
  const readHead = async (wanted: number) => {
    while (!ended && head.length < wanted) {
      const next = await chunks.next();
      if (next.done) ended = true;
      else head = Buffer.concat([head, next.value]);
    }
  };
  await readHead(headBytes);
  if (head.length === 0) return null;
  let detected = await detectFileType(head);
  if (detected?.ext === 'zip' && !ended) {
    await readHead(zipHeadBytes);
    detected = await detectFileType(head);
  }
  return {
    detected: detected?.ext,
    async *body(limit, tooLarge) {
      let size = head.length;
      if (size > limit) throw tooLarge();
      yield head;
      while (!ended) {
        const next = await chunks.next();
        if (next.done) break;
        size += next.value.length;
        if (size > limit) throw tooLarge();
        yield next.value;
      }
      // The parser stops at its overall limit and ends the stream early.
      if (part.truncated()) throw tooLarge();
    },
  };
}

/** Reads a part that is not ours to the end, so the next part can arrive. */
export async function skipFilePart(part: FilePart): Promise<void> {
  for await (const _chunk of part.chunks) {
    // dropped
  }
}
