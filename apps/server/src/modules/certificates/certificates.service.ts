import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type archiver from 'archiver';
import { loadArchiver } from '../../lib/lazy-modules';
import {
  certificateMessages,
  certificateNumberPrefix,
  certificateVerifyPolicy,
  type CertificateKind,
} from '@ajar/shared/certificates/certificates.constants';
import {
  certificateEntryName,
  graduationRefusal,
  nameSlug,
  participantRefusal,
  wibDate,
  type CertificateFacts,
} from '@ajar/shared/certificates/certificates.rules';
import type {
  CertificateRedeemDetail,
  CertificateVerification,
} from '@ajar/shared/certificates/certificates.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { renderCertificatePdf } from '../../lib/certificate-pdf';
import type { CertificatePdfPool } from '../../lib/certificate-pdf-pool';
import type { RequestUser } from '../../plugins/auth';
import type { JobContext } from '../jobs/jobs.service';
import { keptRenders } from '../jobs/kept-renders';
import {
  beginAttempt,
  normalizeAddress,
  type ThrottlePolicy,
} from '../auth/attempt-counter.service';
import { assertProgramVisible } from '../programs/programs.service';
import * as repo from './certificates.repository';

type Viewer = Pick<RequestUser, 'id' | 'role'>;

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

/**
 * The certificate numbers of these redemptions for `kind`, issuing the missing ones. A number is
 * made once and kept: the same redemption prints the same number every time.
 */
async function ensureIssued(db: DbOrTx, kind: CertificateKind, redeemIds: string[]) {
  const found = new Map<string, repo.IssuedRow>();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    for (const row of await repo.issuedFor(db, kind, redeemIds))
      found.set(row.member_redeem_id, row);
    const missing = redeemIds.filter((id) => !found.has(id));
    if (missing.length === 0) return found;
    await repo.insertIssued(
      db,
      kind,
      missing.map((id) => ({ member_redeem_id: id, number: newCertificateNumber() })),
    );
  }
  throw new Error('could not issue certificate numbers');
}

async function visibleRedeem(db: DbOrTx, viewer: Viewer, id: string) {
  const row = await repo.findRedeem(db, id);
  if (!row) throw AppError.notFound(certificateMessages.redeemNotFound);
  await assertProgramVisible(db, viewer, row.program_id);
  return row;
}

function refusal(kind: CertificateKind, facts: CertificateFacts) {
  return kind === 'graduation' ? graduationRefusal(facts) : participantRefusal(facts);
}

/** The date a certificate carries: completion for graduation, first issue otherwise. */
function certificateDate(kind: CertificateKind, issuedAt: Date, endTestAt: Date | null): Date {
  return kind === 'graduation' && endTestAt ? endTestAt : issuedAt;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `GET /api/users/v1/member_redeem/detail/{id}`: the redemption the certificate page reads. */
export async function getRedeemDetail(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
): Promise<CertificateRedeemDetail> {
  const row = await visibleRedeem(db, viewer, id);
  const issued = await repo.certificatesOfRedeem(db, id);
  const code = row.member.meta.code;
  const sertificateId = row.meta.sertificate_id;
  return {
    id: row.id,
    license: row.license,
    pmo_code: row.pmo_code,
    member: {
      id: row.member.id,
      fullname: row.member.fullname,
      phone: row.member.phone,
      email: row.member.email,
      date_of_birth: row.member.date_of_birth,
      meta: { code: typeof code === 'string' && code !== '' ? code : null },
    },
    program: {
      id: row.program_id,
      title: row.program_title,
      is_prakerja: row.is_prakerja,
      learning_targets: { competence: row.competence },
    },
    results: { progress: row.progress, scores: row.scores },
    start_test_at: iso(row.start_test_at),
    end_test_at: iso(row.end_test_at),
    sertificate_id: typeof sertificateId === 'string' ? sertificateId : null,
    certificates: issued.map((c) => ({
      kind: c.kind,
      number: c.number,
      issued_at: certificateDate(c.kind, c.issued_at, row.end_test_at).toISOString(),
    })),
    refusals: { participant: participantRefusal(row), graduation: graduationRefusal(row) },
  };
}

/**
 * `GET /api/certificate/v1/{kind}/{redeemId}`: the certificate PDF, issuing its number on the
 * first call. Refused (400, the reason in Indonesian) when the redemption does not qualify.
 */
export async function issueCertificate(
  db: DbOrTx,
  viewer: Viewer,
  redeemId: string,
  kind: CertificateKind,
  baseUrl: string,
): Promise<{ number: string; pdf: Buffer }> {
  const row = await visibleRedeem(db, viewer, redeemId);
  return renderIssued(db, row, kind, baseUrl);
}

type RedeemFacts = NonNullable<Awaited<ReturnType<typeof repo.findRedeem>>>;

/** Issues (once) and renders the certificate of a redemption that qualifies (400 otherwise). */
async function renderIssued(db: DbOrTx, row: RedeemFacts, kind: CertificateKind, baseUrl: string) {
  const reason = refusal(kind, row);
  if (reason) throw AppError.badRequest(reason);
  const issued = (await ensureIssued(db, kind, [row.id])).get(row.id)!;
  const pdf = await renderCertificatePdf({
    kind,
    number: issued.number,
    fullname: row.member.fullname,
    programTitle: row.program_title,
    competences: row.competence,
    isPrakerja: row.is_prakerja,
    date: certificateDate(kind, issued.issued_at, row.end_test_at),
    verifyUrl: verifyUrl(baseUrl, issued.number),
  });
  return { number: issued.number, pdf };
}

/**
 * The member's own graduation certificate (issue 18): its number and verification address, or
 * with `pdf` the rendered PDF too. Refused (400) until the program is complete ('Sertifikat
 * tersedia setelah program selesai') or while its post-test is not passed.
 */
export async function memberCertificate(
  db: DbOrTx,
  redeemId: string,
  baseUrl: string,
  notReady: string,
): Promise<{ number: string; verify_url: string; issued_at: Date; row: RedeemFacts }> {
  const row = await repo.findRedeem(db, redeemId);
  if (!row) throw AppError.notFound(certificateMessages.redeemNotFound);
  if (row.progress < 100) throw AppError.badRequest(notReady);
  const reason = graduationRefusal(row);
  if (reason) throw AppError.badRequest(reason);
  const issued = (await ensureIssued(db, 'graduation', [row.id])).get(row.id)!;
  return {
    number: issued.number,
    verify_url: verifyUrl(baseUrl, issued.number),
    issued_at: certificateDate('graduation', issued.issued_at, row.end_test_at),
    row,
  };
}

/** The member's graduation certificate PDF (the same checks as `memberCertificate`). */
export async function memberCertificatePdf(db: DbOrTx, redeemId: string, baseUrl: string) {
  const row = await repo.findRedeem(db, redeemId);
  if (!row) throw AppError.notFound(certificateMessages.redeemNotFound);
  return renderIssued(db, row, 'graduation', baseUrl);
}

/** Every check counts against its address; beyond the limit it waits for the window to move on. */
const verifyAddressPolicy: ThrottlePolicy = {
  maxFailures: certificateVerifyPolicy.addressMaxRequests,
  windowMinutes: certificateVerifyPolicy.windowMinutes,
  lockMinutes: certificateVerifyPolicy.windowMinutes,
};

/**
 * `GET /api/certificate/v1/verify/{number}` (public): genuine, whose and for what; nothing more.
 * Throttled per client address (issue 17): 429 with Retry-After beyond the policy, found or not.
 */
export async function verifyCertificate(
  db: DbOrTx,
  number: string,
  ip: string,
): Promise<CertificateVerification> {
  const attempt = await beginAttempt(
    db,
    [
      {
        key: `verify:${normalizeAddress(ip)}`,
        policy: verifyAddressPolicy,
        message: certificateMessages.tooManyVerifications,
      },
    ],
    'number',
  );
  // The check stays counted whatever it finds.
  await attempt.recordFailure();
  const row = await repo.findByNumber(db, number);
  if (!row) throw AppError.notFound(certificateMessages.notFound);
  return {
    valid: true,
    number: row.number,
    kind: row.kind,
    member: { fullname: row.fullname },
    program: { title: row.title },
    issued_at: certificateDate(row.kind, row.issued_at, row.end_test_at).toISOString(),
  };
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
  await assertProgramVisible(db, viewer, programId);
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
      );
      for (const row of page) {
        stop.signal.throwIfAborted();
        const cert = issued.get(row.id)!;
        const date = certificateDate(kind, cert.issued_at, row.end_test_at);
        const pdf = pdfs.render({
          kind,
          number: cert.number,
          fullname: row.fullname,
          programTitle: program.title,
          competences: program.competence,
          isPrakerja: program.is_prakerja,
          date,
          verifyUrl: verifyUrl(baseUrl, cert.number),
        });
        // Awaited in turn by writeNext; a render failing meanwhile is not an unhandled rejection.
        pdf.catch(() => undefined);
        pending.push({ pdf, name: certificateEntryName(row.fullname, row.license), date });
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
  await assertProgramVisible(db, viewer, programId);
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
 * The zip job (issue 19): the same streamed zip as `programZip`, written into the job's file in
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
