import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type archiver from 'archiver';
import { loadArchiver } from '../../lib/lazy-modules';
import {
  certificateMessages,
  certificateNumberPrefix,
  type CertificateKind,
} from '@ajar/shared/certificates/certificates.constants';
import {
  certificateEntryName,
  certificateExpired,
  graduationRefusal,
  nameSlug,
  oneYearValidity,
  participantRefusal,
  wibDate,
  type CertificateFacts,
} from '@ajar/shared/certificates/certificates.rules';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { renderCertificatePdf, type CertificateContent } from '../../lib/certificate-pdf';
import { serverNow } from '../../lib/clock';
import type { CertificatePdfPool } from '../../lib/certificate-pdf-pool';
import type { RequestUser } from '../../plugins/auth';
import type { JobContext } from '../jobs/jobs.service';
import { keptRenders } from '../jobs/kept-renders';
import { requireProgram, type Viewer } from '../access/access.service';
import { recordLearningEvent } from '../records/records.service';
import * as repo from './certificates.repository';

// Crockford's base32: no I, L, O, U, so a number read aloud or typed is not misread.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * `AJR-2026-11-7K3QX9MD`: year and month of issue (WIB) for the reader, then 8 random
 * characters (32^8 ≈ 10^12), so numbers cannot be guessed by counting.
 */
export function newCertificateNumber(at = new Date()): string {
  const { year, month } = wibDate(at);
  const random = [...randomBytes(8)].map((b) => alphabet[b % 32]).join('');
  return `${certificateNumberPrefix}-${year}-${String(month).padStart(2, '0')}-${random}`;
}

/** The verification address printed as a QR code. */
export function verifyUrl(baseUrl: string, number: string) {
  return `${baseUrl.replace(/\/+$/, '')}/verifikasi/${encodeURIComponent(number)}`;
}

/** Who an issue is recorded for: the staff member who downloaded it, or none (the participant). */
type Issuer = string | null;

/**
 * Issues certificates of `kind` for these redemptions, each with its own copy of what it states
 * (today's name, program, learning time, date and template), and records each issue in the
 * participant's learning record, in one transaction. A conflict (issued meanwhile) is skipped.
 */
async function issueMissing(db: DbOrTx, kind: CertificateKind, redeemIds: string[], by: Issuer) {
  await db.transaction(async (tx) => {
    const snapshots = await repo.snapshotsFor(tx, redeemIds);
    const now = serverNow();
    const inserted = await repo.insertIssued(
      tx,
      snapshots.map((s) => {
        const date = certificateDate(kind, now, s.end_test_at);
        return {
          member_redeem_id: s.member_redeem_id,
          kind,
          number: newCertificateNumber(now),
          issued_at: now,
          fullname: s.fullname,
          program_title: s.program_title,
          program_minutes: s.program_minutes,
          competences: s.competences,
          template: s.is_prakerja ? 'prakerja' : 'umum',
          certificate_date: date,
          valid_until: s.certificate_validity === 'one_year' ? oneYearValidity(date) : null,
        };
      }),
    );
    const bySnapshot = new Map(snapshots.map((s) => [s.member_redeem_id, s]));
    for (const row of inserted) {
      const s = bySnapshot.get(row.member_redeem_id)!;
      await recordLearningEvent(tx, {
        memberId: s.member_id,
        programId: s.program_id,
        kind: 'certificate_issued',
        data: { certificate_id: row.id, number: row.number, kind },
        actorUserId: by,
      });
    }
  });
}

/**
 * The certificates in force (valid or revoked) of these redemptions for `kind`, issuing the
 * missing ones. A number is made once and kept: the same redemption prints the same number, and
 * the same text, every time.
 */
export async function ensureIssued(
  db: DbOrTx,
  kind: CertificateKind,
  redeemIds: string[],
  by: Issuer,
) {
  const found = new Map<string, repo.CertificateRow>();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    for (const row of await repo.issuedFor(db, kind, redeemIds))
      found.set(row.member_redeem_id, row);
    const missing = redeemIds.filter((id) => !found.has(id));
    if (missing.length === 0) return found;
    await issueMissing(db, kind, missing, by);
  }
  throw new Error('could not issue certificate numbers');
}

/** What the PDF prints: the certificate's own copy, never today's profile or program. */
export function pdfContent(cert: repo.CertificateRow, baseUrl: string): CertificateContent {
  return {
    kind: cert.kind,
    number: cert.number,
    fullname: cert.fullname,
    programTitle: cert.program_title,
    programMinutes: cert.program_minutes,
    competences: cert.competences,
    isPrakerja: cert.template === 'prakerja',
    date: cert.certificate_date,
    validUntil: cert.valid_until,
    verifyUrl: verifyUrl(baseUrl, cert.number),
  };
}

export async function visibleRedeem(db: DbOrTx, viewer: Viewer, id: string) {
  const row = await repo.findRedeem(db, id);
  if (!row) throw AppError.notFound(certificateMessages.redeemNotFound);
  await requireProgram(db, viewer, row.program_id);
  return row;
}

function refusal(kind: CertificateKind, facts: CertificateFacts) {
  return kind === 'graduation' ? graduationRefusal(facts) : participantRefusal(facts);
}

/** The date a certificate carries: completion for graduation, first issue otherwise. */
function certificateDate(kind: CertificateKind, issuedAt: Date, endTestAt: Date | null): Date {
  return kind === 'graduation' && endTestAt ? endTestAt : issuedAt;
}

/**
 * `GET /api/certificate/v1/{kind}/{redeemId}`: the certificate PDF, issuing its number on the
 * first call. Refused (400, the reason in Indonesian) when the redemption does not qualify or its
 * certificate was revoked.
 */
export async function issueCertificate(
  db: DbOrTx,
  viewer: Viewer,
  redeemId: string,
  kind: CertificateKind,
  baseUrl: string,
): Promise<{ number: string; pdf: Buffer }> {
  const row = await visibleRedeem(db, viewer, redeemId);
  return renderIssued(db, row, kind, baseUrl, viewer.id);
}

type RedeemFacts = NonNullable<Awaited<ReturnType<typeof repo.findRedeem>>>;

/**
 * The certificate in force of a redemption, issued (once) when it qualifies: 400 with the
 * reason when it does not. A certificate already issued stays whatever the redemption's facts
 * became since (it is a document); a revoked one is answered as it is.
 */
async function currentCertificate(
  db: DbOrTx,
  row: RedeemFacts,
  kind: CertificateKind,
  by: Issuer,
): Promise<repo.CertificateRow> {
  const [existing] = await repo.issuedFor(db, kind, [row.id]);
  if (existing) return existing;
  const reason = refusal(kind, row);
  if (reason) throw AppError.badRequest(reason);
  return (await ensureIssued(db, kind, [row.id], by)).get(row.id)!;
}

/** Issues (once) and renders the certificate of a redemption that qualifies (400 otherwise). */
async function renderIssued(
  db: DbOrTx,
  row: RedeemFacts,
  kind: CertificateKind,
  baseUrl: string,
  by: Issuer,
) {
  const cert = await currentCertificate(db, row, kind, by);
  if (cert.status === 'revoked') throw AppError.badRequest(certificateMessages.revokedDownload);
  const pdf = await renderCertificatePdf(pdfContent(cert, baseUrl));
  return { number: cert.number, pdf };
}

/**
 * The member's own graduation certificate (Ajar Belajar's certificate card): its number, verification address and
 * state (a revoked one has no download). Refused (400) until the program is complete
 * ('Sertifikat tersedia setelah program selesai') or while its post-test is not passed.
 */
export async function memberCertificate(
  db: DbOrTx,
  redeemId: string,
  baseUrl: string,
  notReady: string,
): Promise<{
  number: string;
  verify_url: string;
  issued_at: Date;
  valid_until: Date | null;
  expired: boolean;
  status: 'valid' | 'revoked';
  revoked: { at: string; reason: string } | null;
  replaces: string | null;
}> {
  const row = await repo.findRedeem(db, redeemId);
  if (!row) throw AppError.notFound(certificateMessages.redeemNotFound);
  const [existing] = await repo.issuedFor(db, 'graduation', [row.id]);
  if (!existing && row.progress < 100) throw AppError.badRequest(notReady);
  const cert = await currentCertificate(db, row, 'graduation', null);
  const replaced = cert.replaces_id ? await repo.findCertificateNumber(db, cert.replaces_id) : null;
  const revoked = cert.status === 'revoked';
  return {
    number: cert.number,
    verify_url: verifyUrl(baseUrl, cert.number),
    issued_at: cert.certificate_date,
    valid_until: cert.valid_until,
    expired: certificateExpired(cert.valid_until, serverNow()),
    status: revoked ? 'revoked' : 'valid',
    revoked:
      revoked && cert.status_changed_at
        ? { at: cert.status_changed_at.toISOString(), reason: cert.status_reason ?? '' }
        : null,
    replaces: replaced,
  };
}

/** The member's graduation certificate PDF (the same checks; 400 once revoked). */
export async function memberCertificatePdf(db: DbOrTx, redeemId: string, baseUrl: string) {
  const row = await repo.findRedeem(db, redeemId);
  if (!row) throw AppError.notFound(certificateMessages.redeemNotFound);
  return renderIssued(db, row, 'graduation', baseUrl, null);
}

/** Redemptions read per query while a zip is written. */
const zipPageSize = 100;

/** What a zip needs of the worker-thread pool (lib/certificate-pdf-pool.ts). */
export type ZipRenderer = Pick<CertificatePdfPool, 'render' | 'inFlightLimit'>;

export interface ProgramZip {
  filename: string;
  /** The zip, written as it is read: a few PDFs are rendered ahead of the one written. */
  stream: archiver.Archiver;
  /** Stops making certificates (the client went away). */
  abort(): void;
}

/** A zip entry whose PDF is being rendered on a worker thread. */
interface PendingEntry {
  pdf: Promise<Buffer>;
  name: string;
  date: Date;
}

/**
 * Every eligible participant's certificate of a program as one zip, streamed. The PDFs are
 * rendered on the pool's worker threads, at most `inFlightLimit` ahead of the entry being
 * written, and entries go in in the order read. Memory stays bounded: a page of rows and those
 * few PDFs; the next page is read only once fewer than that are pending.
 */
export async function programZip(
  db: DbOrTx,
  viewer: Viewer,
  programId: string,
  kind: CertificateKind,
  baseUrl: string,
  pdfs: ZipRenderer,
  onError: (error: unknown) => void,
): Promise<ProgramZip> {
  await requireProgram(db, viewer, programId);
  const program = await repo.programForCertificates(db, programId);
  if (!program) throw AppError.notFound();
  const first = await repo.eligiblePage(db, programId, kind, null, zipPageSize);
  if (first.length === 0) throw AppError.badRequest(certificateMessages.noneEligible);

  // PDFs are compressed already: store them as they are.
  const archive = (await loadArchiver())('zip', { store: true });
  const stop = new AbortController();
  // archiver's own abort() leaves the stream open when an entry was just written (its queue is
  // not idle yet), so a failed or stopped zip would never end: the stream is destroyed too. Whoever
  // reads it sees a premature close, or an end when the archive was idle; the zip is incomplete
  // either way, and the cause goes to `onError`.
  const end = () => {
    if (stop.signal.aborted) return;
    stop.abort();
    archive.abort();
    archive.destroy();
  };
  const pending: PendingEntry[] = [];
  const writeNext = async () => {
    const entry = pending.shift()!;
    const pdf = await entry.pdf;
    stop.signal.throwIfAborted();
    const written = once(archive, 'entry', { signal: stop.signal });
    archive.append(pdf, { name: entry.name, date: entry.date });
    await written;
  };
  const feed = async () => {
    let page = first;
    while (page.length > 0) {
      const issued = await ensureIssued(
        db,
        kind,
        page.map((r) => r.id),
        viewer.id,
      );
      for (const row of page) {
        stop.signal.throwIfAborted();
        const cert = issued.get(row.id)!;
        // Revoked between the page read and now: left out like the ones revoked before.
        if (cert.status !== 'valid') continue;
        const pdf = pdfs.render(pdfContent(cert, baseUrl));
        // Awaited in turn by writeNext; a render failing meanwhile is not an unhandled rejection.
        pdf.catch(() => undefined);
        pending.push({
          pdf,
          name: certificateEntryName(cert.fullname, row.license),
          date: cert.certificate_date,
        });
        while (pending.length >= pdfs.inFlightLimit) await writeNext();
      }
      page = await repo.eligiblePage(db, programId, kind, page.at(-1)!.id, zipPageSize);
    }
    while (pending.length > 0) await writeNext();
    stop.signal.throwIfAborted();
    await archive.finalize();
  };
  feed().catch((error: unknown) => {
    // After abort() the zip was stopped on purpose: nothing to report.
    if (stop.signal.aborted) return;
    onError(error);
    end();
  });
  return {
    filename: `sertifikat-${nameSlug(program.title)}.zip`,
    stream: archive,
    abort: end,
  };
}

export interface ProgramZipJobInput {
  programId: string;
  kind: CertificateKind;
  baseUrl: string;
  /** The role of the staff member who started it, when they did (access is checked again). */
  role: RequestUser['role'];
}

/**
 * Checks that a zip can be made now (the program is the viewer's, somebody qualifies) and names
 * it: what `GET /api/certificate/v1/program/{programId}/zip` answers before the job starts, so
 * a zip nobody qualifies for is a 400 at once, not a failed job.
 */
export async function programZipJob(
  db: DbOrTx,
  viewer: Viewer,
  programId: string,
  kind: CertificateKind,
  baseUrl: string,
): Promise<{ name: string; input: ProgramZipJobInput; eligible: number }> {
  await requireProgram(db, viewer, programId);
  const program = await repo.programForCertificates(db, programId);
  if (!program) throw AppError.notFound();
  const eligible = await repo.countEligible(db, programId, kind);
  if (eligible === 0) throw AppError.badRequest(certificateMessages.noneEligible);
  return {
    name: `sertifikat-${nameSlug(program.title)}.zip`,
    input: { programId, kind, baseUrl, role: viewer.role },
    eligible,
  };
}

/**
 * The zip job: the same streamed zip as `programZip`, written into the job's file in
 * storage as it is made, its progress the share of certificates written. Its PDFs are kept in the
 * job's work folder (`keptRenders`), so a retry renders only what was not rendered yet.
 */
export async function runProgramZipJob(
  db: DbOrTx,
  pdfs: ZipRenderer,
  ctx: JobContext<ProgramZipJobInput>,
) {
  const { programId, kind, baseUrl, role } = ctx.input;
  const total = Math.max(1, await repo.countEligible(db, programId, kind));
  let failure: unknown = null;
  const viewer = { id: ctx.userId, role };
  // PDFs kept in the job's work folder are not rendered again after a restart.
  const renderer = keptRenders(pdfs, ctx);
  const zip = await programZip(db, viewer, programId, kind, baseUrl, renderer, (error) => {
    failure = error;
  });
  const stop = () => zip.abort();
  ctx.signal.addEventListener('abort', stop);
  let written = 0;
  let reported = Promise.resolve();
  zip.stream.on('entry', () => {
    written += 1;
    const percent = (written * 100) / total;
    reported = reported.then(() => ctx.progress(percent)).catch(() => undefined);
  });
  try {
    await ctx.writeFile('application/zip', async (out) => {
      // A failed or stopped zip ends early (a premature close, or an end): it is incomplete, so
      // nothing is kept, and the attempt fails with its cause.
      const stopping = () => new Error('server stopping; the zip is made again on retry');
      await pipeline(zip.stream, out).catch((error: unknown) => {
        throw failure ?? (ctx.signal.aborted ? stopping() : error);
      });
      if (failure) throw failure;
      if (ctx.signal.aborted) throw stopping();
    });
  } finally {
    ctx.signal.removeEventListener('abort', stop);
    await reported;
  }
}

/**
 * `PUT /api/users/v1/member/order/update-sertificate`: records an external certificate id (for
 * example the Prakerja platform's) on the redemption named by `order_id`.
 */
export async function updateSertificate(
  db: DbOrTx,
  viewer: Viewer,
  body: { order_id: string; sertificate_id: string },
) {
  await visibleRedeem(db, viewer, body.order_id);
  await repo.setSertificateId(db, body.order_id, body.sertificate_id);
  return { order_id: body.order_id, sertificate_id: body.sertificate_id };
}
