import {
  programAnalyticsSheets as sheets,
  programAnalyticsTexts as texts,
} from '@ajar/shared/analytics/program-analytics.constants';
import type {
  ProgramAnalyticsExport,
  ProgramAnalyticsExportQueryParsed,
  ProgramAnalyticsFilters,
  ProgramAnalyticsSection,
} from '@ajar/shared/analytics/program-analytics.schemas';
import { exportFileSlug, exportFileStamp } from '@ajar/shared/exports/exports.rules';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import { createDownload, refuseEmptyExport, xlsxContentType } from '../../lib/downloads';
import type { DownloadDeps } from '../../lib/downloads';
import { writeExportSheet, type ExportSheet } from '../../lib/xlsx-sheet';
import { requireProgram, type Viewer } from '../access/access.service';
import * as repo from './program-analytics.repository';
import { videoStats } from './program-analytics.service';

const percent = '0.00%';
const decimal = '0.00';

/** Rows of a list, as the sheet writer reads them. */
async function* each<Row>(rows: Row[]): AsyncGenerator<Row> {
  for (const row of rows) yield row;
}

type AnySheet = ExportSheet<never>;
const sheet = <Row>(spec: ExportSheet<Row>) => spec as unknown as AnySheet;

/** The sheet of one section: the same figures the screen shows, one row each. */
async function sectionSheet(
  deps: DownloadDeps,
  programId: string,
  filters: ProgramAnalyticsFilters,
  section: ProgramAnalyticsSection,
): Promise<AnySheet> {
  const { db } = deps;
  switch (section) {
    case 'gain': {
      const { rows } = await repo.gainParticipants(db, programId, filters, {
        offset: 0,
        limit: -1,
      });
      return sheet({
        ...sheets.gain,
        widths: [6, 30, 10, 10, 10, 20],
        formats: { 'Gain Ternormalisasi': decimal },
        rows: each(rows),
        cells: (r, n) => [n, r.fullname, r.pre, r.post, r.gain, r.normalized_gain ?? ''],
      });
    }
    case 'gain_summary': {
      const g = await repo.gainSummary(db, programId, filters);
      const rows: [string, number | string | null][] = [
        ['Pre Test', g.pre_name],
        ['Post Test', g.post_name],
        ['Peserta dengan kedua nilai', g.paired],
        ['Rata-rata Pre Test', g.mean_pre],
        ['Rata-rata Post Test', g.mean_post],
        ['Rata-rata Gain', g.mean_gain],
        ['Median Gain', g.median_gain],
        ['Gain Ternormalisasi Kelas', g.class_normalized_gain],
        ['Peserta dengan Pre Test 100', g.ceiling],
      ];
      return sheet({
        ...sheets.summary,
        widths: [32, 30],
        rows: each(rows),
        cells: ([label, value]) => [label, value ?? ''],
      });
    }
    case 'funnel': {
      const rows = await repo.funnel(db, programId, filters);
      return sheet({
        ...sheets.funnel,
        widths: [6, 24, 30, 18, 10, 10, 14, 20, 18],
        rows: each(rows),
        cells: (r, n) => [
          n,
          r.topic_name,
          r.activity_name,
          activityTypeLabel(r.type),
          r.opened,
          r.started,
          r.completed,
          r.drop,
          r.largest_drop ? 'Ya' : '',
        ],
      });
    }
    case 'video_watch': {
      const videos = await videoStats(db, programId, filters);
      const rows = videos.flatMap((v) => v.buckets.map((b) => ({ video: v.activity_name, ...b })));
      return sheet({
        ...sheets.videoWatch,
        widths: [30, 8, 12, 12, 10, 20],
        formats: { 'Dari Detik': decimal, 'Sampai Detik': decimal, 'Persentase Penonton': percent },
        rows: each(rows),
        cells: (r) => [r.video, r.bucket + 1, r.from_seconds, r.to_seconds, r.viewers, r.share],
      });
    }
    case 'video_popups': {
      const videos = await videoStats(db, programId, filters);
      const rows = videos.flatMap((v) => v.popups.map((p) => ({ video: v.activity_name, ...p })));
      return sheet({
        ...sheets.videoPopups,
        widths: [30, 8, 40, 10, 10, 18],
        formats: { 'Persentase Benar': percent },
        rows: each(rows),
        cells: (r) => [
          r.video,
          r.time ?? '',
          r.question,
          r.answered,
          r.correct,
          r.share_correct ?? '',
        ],
      });
    }
    case 'attendance': {
      const [participants, rows] = await Promise.all([
        repo.countParticipants(db, programId, filters),
        repo.attendancePerMeeting(db, programId, filters),
      ]);
      return sheet({
        ...sheets.attendance,
        widths: [24, 30, 26, 10, 10, 18],
        formats: { 'Persentase Hadir': percent },
        rows: each(rows),
        cells: (r) => [
          r.topic_name,
          r.activity_name,
          r.schedule_key ?? '',
          r.checked_in,
          participants,
          participants > 0 ? r.checked_in / participants : '',
        ],
      });
    }
    case 'practice': {
      const rows = await repo.practiceWork(db, programId, filters);
      return sheet({
        ...sheets.practice,
        widths: [24, 30, 14, 12, 30],
        formats: { 'Median Waktu Umpan Balik (jam)': decimal },
        rows: each(rows),
        cells: (r) => [
          r.topic_name,
          r.activity_name,
          r.submitted,
          r.graded,
          r.median_feedback_hours ?? '',
        ],
      });
    }
  }
}

/**
 * `GET /api/v1/analytics/program/{programId}/export`: one section's figures as an .xlsx behind a
 * short-lived link (the figures are aggregates: small enough to write at once, no job).
 */
export async function exportProgramAnalytics(
  deps: DownloadDeps,
  viewer: Viewer & { id: string },
  programId: string,
  query: ProgramAnalyticsExportQueryParsed,
): Promise<ProgramAnalyticsExport> {
  await requireProgram(deps.db, viewer, programId);
  const { section, ...filters } = query;
  const [title, spec] = await Promise.all([
    repo.programTitle(deps.db, programId),
    sectionSheet(deps, programId, filters, section),
  ]);
  const slug = exportFileSlug(`${texts.title} ${title}`);
  const { url } = await createDownload(deps, {
    userId: viewer.id,
    filename: `${slug}-${section.replaceAll('_', '-')}-${exportFileStamp()}.xlsx`,
    contentType: xlsxContentType,
    write: async (stream) => refuseEmptyExport(await writeExportSheet(stream, spec)),
  });
  return { public_url: url };
}
