import {
  importActivityType,
  importMessages,
  type ImportKind,
} from '@ajar/shared/imports/imports.constants';
import type { ImportResult } from '@ajar/shared/imports/imports.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { visiblePrograms, type Viewer } from '../access/access.service';
import { recordAuditEvent } from '../records/audit-trail.service';
import { recordImportedFeedback } from '../records/records.service';
import * as repo from './imports.repository';
import { readScoreSheet, readUpload, type PendingRow } from './imports.sheet';

export interface ImportDeps {
  db: Db;
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** Lower-case uuid text orders like PostgreSQL's uuid comparison (bytewise). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Rows written per statement. */
const batchSize = 1000;

/**
 * Rows whose licenses are looked up per query: the codes go as one array parameter, so a larger
 * batch costs no more parameters, and ten times fewer queries took 100,000 rows' lookups on
 * PGlite from 1.0 to 0.7 s.
 */
const lookupBatchSize = 10_000;

type ProgramActivities = Awaited<ReturnType<typeof repo.programActivitiesInOrder>>;

/** What the import knows of one program: in the viewer's scope or not, and its activities. */
interface ProgramInfo {
  visible: boolean;
  activities: ProgramActivities;
}

const outOfScope: ProgramInfo = { visible: false, activities: [] };

/**
 * Programs met in the file, each looked up once (a file usually holds one or a few): the scope
 * of a batch's new programs in one query, then the activities of those in scope.
 */
function programCache(db: Db, viewer: Viewer) {
  const cache = new Map<string, ProgramInfo>();
  return {
    async load(ids: Iterable<string>) {
      const fresh = [...new Set(ids)].filter((id) => !cache.has(id));
      if (fresh.length === 0) return;
      const visible = await visiblePrograms(db, viewer, fresh);
      for (const id of fresh) {
        cache.set(
          id,
          visible.has(id)
            ? { visible: true, activities: await repo.programActivitiesInOrder(db, id) }
            : outOfScope,
        );
      }
    },
    get: (id: string) => cache.get(id) ?? outOfScope,
  };
}

/**
 * Resolves a batch of checked rows against the database: the voucher's redemption, the program
 * in the viewer's scope, the activity at that number and its type. Fills the failures into
 * `results` and answers the writes of the rows that passed.
 */
async function resolveBatch(
  db: Db,
  kind: ImportKind,
  rows: PendingRow[],
  results: ImportResult,
  programs: ReturnType<typeof programCache>,
): Promise<(repo.FeedbackWrite & { index: number })[]> {
  // Voucher codes are issued in upper case and redeem reads a typed code so: a code typed in
  // lower case is looked up as typed and in upper case (both use the index), and matched by its
  // upper-case form.
  const key = (license: string) => license.toUpperCase();
  const licenses = [...new Set(rows.flatMap((r) => [r.value.license, key(r.value.license)]))];
  const redeems = new Map(
    (await repo.redeemsByLicense(db, licenses)).map((r) => [key(r.license), r]),
  );
  const unredeemed = licenses.filter((l) => !redeems.has(key(l)));
  const issued = new Map(
    (await repo.issuedVouchers(db, unredeemed)).map((v) => [key(v.code), v.program_id]),
  );
  await programs.load([...[...redeems.values()].map((r) => r.program_id), ...issued.values()]);

  const writes: (repo.FeedbackWrite & { index: number })[] = [];
  for (const { index, value } of rows) {
    const fail = (message: string) => {
      results[index]!.message = message;
    };
    const redeem = redeems.get(key(value.license));
    if (!redeem) {
      // A code issued for a program out of the viewer's scope reads as unknown: nothing leaks.
      const voucherProgram = issued.get(key(value.license));
      const known = voucherProgram !== undefined && programs.get(voucherProgram).visible;
      fail(known ? importMessages.notInProgram : importMessages.unknownLicense);
      continue;
    }
    const program = programs.get(redeem.program_id);
    if (!program.visible) {
      fail(importMessages.unknownLicense);
      continue;
    }
    const activity = program.activities[value.activityNumber - 1];
    if (!activity) {
      fail(importMessages.activityNotFound(value.activityNumber));
      continue;
    }
    if (activity.type !== importActivityType[kind]) {
      fail(importMessages.wrongActivity(value.activityNumber, kind));
      continue;
    }
    writes.push({
      index,
      member_redeem_id: redeem.id,
      program_id: redeem.program_id,
      topic_id: activity.topic_id,
      activity_id: activity.id,
      score: value.score,
      text: value.feedback,
    });
  }
  return writes;
}

/**
 * Writes resolved feedback rows, a batch of `batchSize` a statement, in the caller's transaction.
 * Answers the pairs the participant did, keyed `{member_redeem_id}:{activity_id}`.
 */
export async function writeFeedback(
  tx: DbOrTx,
  writes: repo.FeedbackWrite[],
  userId: string,
): Promise<Set<string>> {
  // Written in the order of the unique index (redemption, activity): each batch then inserts into
  // neighbouring index pages and checks its foreign keys on neighbouring pages, instead of one
  // random page per row (with PGlite's 16 MB of shared buffers, that was most of the import).
  const ordered = [...writes].sort(
    (a, b) =>
      compare(a.member_redeem_id, b.member_redeem_id) || compare(a.activity_id, b.activity_id),
  );
  const done = new Set<string>();
  for (let i = 0; i < ordered.length; i += batchSize) {
    const batch = ordered.slice(i, i + batchSize);
    for (const key of await repo.upsertFeedback(tx, batch, userId)) done.add(key);
    await recordImportedFeedback(tx, batch, userId);
  }
  return done;
}

/**
 * `PUT /api/users/v1/trainer/import-feedback-{uk,tpm}-mr`: imports UK or TPM scores from an
 * .xlsx upload. The file is refused whole (4xx, nothing written) when it is too large, not an
 * .xlsx, broken, a zip bomb, password-protected or without data rows. Otherwise every data row
 * gets its own result; the rows that pass are written together in one transaction (feedback
 * score and text of `activity_progress`, upserted, so the same file twice leaves the same data).
 * A trainer's rows of programs outside their assignments fail as unknown vouchers. A saved score
 * for an activity the participant never did (not completed, no work uploaded) carries a warning.
 */
export async function importScores(
  deps: ImportDeps,
  user: Viewer,
  kind: ImportKind,
  file: AsyncIterable<Buffer>,
): Promise<ImportResult> {
  const buffer = await readUpload(file);
  const { results, pending } = await readScoreSheet(buffer, kind);
  const programs = programCache(deps.db, user);

  const writes: (repo.FeedbackWrite & { index: number })[] = [];
  for (let i = 0; i < pending.length; i += lookupBatchSize) {
    const batch = pending.slice(i, i + lookupBatchSize);
    writes.push(...(await resolveBatch(deps.db, kind, batch, results, programs)));
  }

  // A score for work the participant never did is kept, and shown as a warning.
  let done: Set<string>;
  try {
    done = await deps.db.transaction(async (tx) => {
      const written = await writeFeedback(tx, writes, user.id);
      // One entry per import, with counts (the rows themselves are in the learning record).
      await recordAuditEvent(tx, {
        actorUserId: user.id,
        action: 'score.imported',
        // The (first) program written to; an import that saved nothing is the importer's.
        ...(writes[0]
          ? { subjectType: 'program' as const, subjectId: writes[0].program_id }
          : { subjectType: 'user' as const, subjectId: user.id }),
        after: {
          kind,
          rows: results.length,
          saved: writes.length,
          failed: results.length - writes.length,
          programs: [...new Set(writes.map((w) => w.program_id))],
        },
      });
      return written;
    });
  } catch (error) {
    // A redemption or activity removed between the checks and the write: nothing was written.
    if (isForeignKeyViolation(error)) throw AppError.conflict(importMessages.changedMeanwhile);
    throw error;
  }
  for (const w of writes) {
    results[w.index]!.status = true;
    results[w.index]!.message = importMessages.success;
    if (!done.has(`${w.member_redeem_id}:${w.activity_id}`)) {
      results[w.index]!.warning = importMessages.notDone;
    }
  }
  return results;
}
