import { randomUUID } from 'node:crypto';
import {
  memberLimits,
  memberMessages,
  workFormats,
  type WorkExtension,
} from '@ajar/shared/members/members.constants';
import type { CompleteData } from '@ajar/shared/members/member-learning.schemas';
import { messages } from '@ajar/shared/common/messages';
import { isStorableText, textMessages } from '@ajar/shared/common/text';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { refuseActivePdf } from '../../lib/pdf-active-content';
import { activePdfRefusal } from '../media/media.service';
import type { DomainEventPublisher } from '../../lib/domain-events';
import {
  completionMode,
  findLearningContext,
  markComplete,
  toMemberActivity,
} from './activity-progress.service';
import { recordLearningEvent } from '../records/records.service';
import { findProgress, lockRedeem } from './learning.repository';
import type { MemberRef } from './redeem.service';
import { sniffFilePart, skipFilePart, type FilePart, type UploadPart } from '../../lib/upload-part';

export interface PracticeWorkDeps {
  db: Db;
  storage: Storage;
  /** Announces the work waiting for grading (`work.submitted`); absent in seeds. */
  events?: DomainEventPublisher;
}

const legacyOffice = ['doc', 'xls', 'ppt'] as const;

interface StoredWork {
  key: string;
  size: number;
  ext: WorkExtension;
  name: string;
}

function cleanName(filename: string): string {
  const base = filename.split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'tugas').slice(0, 255);
}

/**
 * The work's format from its bytes: PDF, JPG/PNG/WEBP, Word/Excel/PowerPoint (new and legacy)
 * or ZIP. Legacy Office files share one container format, so the extension of the name decides
 * which of the three it is (and nothing else).
 */
function workExtension(detected: string | undefined, filename: string): WorkExtension | null {
  if (!detected) return null;
  if (detected === 'cfb') {
    const ext = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
    return legacyOffice.find((e) => e === ext) ?? null;
  }
  return Object.hasOwn(workFormats, detected) ? (detected as WorkExtension) : null;
}

/** Streams the file to storage after checking its type from its first bytes and its size. */
async function storeWork(storage: Storage, redeemId: string, part: FilePart): Promise<StoredWork> {
  try {
    const file = await sniffFilePart(part);
    if (!file) throw AppError.validation({ file: memberMessages.fileRequired });
    const name = cleanName(part.filename);
    const ext = workExtension(file.detected, name);
    if (!ext) throw AppError.unsupported(memberMessages.workUnsupported);
    const body = file.body(memberLimits.workFileBytes, () =>
      AppError.tooLarge(memberMessages.workTooLarge),
    );
    // Not under the public `/media` pattern: work is personal and reached through a download link.
    const key = `practice-work/${redeemId}/${randomUUID()}.${ext}`;
    const { size } = await storage.put(
      key,
      ext === 'pdf' ? refuseActivePdf(body, activePdfRefusal) : body,
    );
    return { key, size, ext, name };
  } catch (error) {
    part.discard();
    throw error;
  }
}

/**
 * Uploads the member's practice work (praktek_mandiri): multipart `file` and optional `note`
 * (≤ 1000 characters), fields in any order. The type is read from the bytes (415 otherwise), at
 * most 20 MB (413). A new upload replaces the previous file; the activity is complete; staff
 * feedback is left as it is. Nothing is stored when any step fails.
 */
export async function uploadPracticeWork(
  deps: PracticeWorkDeps,
  member: MemberRef,
  path: { programId: string; activityId: string },
  parts: AsyncIterable<UploadPart>,
): Promise<CompleteData> {
  const { db, storage } = deps;
  const { redeem, activity } = await findLearningContext(
    db,
    member,
    path.programId,
    path.activityId,
  );
  if (completionMode(activity.type) !== 'upload') {
    throw AppError.badRequest(memberMessages.notPractice);
  }
  let stored: StoredWork | null = null;
  let note: string | null = null;
  try {
    for await (const part of parts) {
      if (part.kind === 'field') {
        if (part.name !== 'note') continue;
        if (part.truncated || part.value.length > memberLimits.workNote) {
          throw AppError.validation({ note: messages.max('Catatan', memberLimits.workNote) });
        }
        if (!isStorableText(part.value)) {
          throw AppError.validation({ note: textMessages.invalidCharacter });
        }
        note = part.value.trim() || null;
      } else if (part.name !== 'file') {
        await skipFilePart(part);
      } else if (stored) {
        part.discard();
        throw AppError.validation({ file: memberMessages.oneFile });
      } else if (!isStorableText(part.filename)) {
        // The client's file name is kept as `work_file_name`: the shared text rule applies.
        part.discard();
        throw AppError.validation({ file: textMessages.invalidCharacter });
      } else {
        stored = await storeWork(storage, redeem.id, part);
      }
    }
    if (!stored) throw AppError.validation({ file: memberMessages.fileRequired });
    const work = stored;
    const result = await db.transaction(async (tx) => {
      await lockRedeem(tx, redeem.id);
      const previous = await findProgress(tx, redeem.id, activity.id);
      const done = await markComplete(tx, redeem.id, activity, {
        work_file_key: work.key,
        work_file_name: work.name,
        work_file_size: work.size,
        work_file_type: workFormats[work.ext],
        work_note: note,
        work_uploaded_at: new Date(),
      });
      await recordLearningEvent(tx, {
        memberId: member.id,
        programId: activity.program_id,
        activityId: activity.id,
        kind: 'work_uploaded',
        data: {
          file_name: work.name,
          file_size: work.size,
          replaced: previous?.work_file_key != null,
        },
      });
      return { ...done, previousKey: previous?.work_file_key ?? null };
    });
    if (result.previousKey && result.previousKey !== work.key) {
      await storage.remove(result.previousKey);
    }
    await deps.events?.publish('work.submitted', {
      programId: activity.program_id,
      topicId: activity.topic_id,
      activityId: activity.id,
      memberId: member.id,
    });
    return {
      activity: toMemberActivity(activity, result.row),
      progress: result.progress,
      end_test_at: result.end_test_at?.toISOString() ?? null,
    };
  } catch (error) {
    if (stored) await storage.remove(stored.key);
    throw error;
  }
}

/**
 * The parts of an upload made from bytes in memory (seed scripts, tools): the same path as an
 * HTTP upload, without a multipart body.
 */
export async function* workUploadParts(input: {
  filename: string;
  data: Buffer;
  note?: string;
}): AsyncGenerator<UploadPart> {
  if (input.note !== undefined) {
    yield { kind: 'field', name: 'note', value: input.note, truncated: false };
  }
  yield {
    kind: 'file',
    name: 'file',
    filename: input.filename,
    chunks: (async function* () {
      yield input.data;
    })(),
    discard: () => undefined,
    truncated: () => false,
  };
}
