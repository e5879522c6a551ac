import { optionLetter, questionFlagLabels } from '@ajar/shared/analytics/question-stats.rules';
import type {
  QuestionStat,
  QuestionStatsExport,
  QuestionStatsParams,
  QuestionStatsQueryParsed,
} from '@ajar/shared/analytics/question-stats.schemas';
import { exportFileSlug, exportFileStamp } from '@ajar/shared/exports/exports.rules';
import {
  createDownload,
  refuseEmptyExport,
  xlsxContentType,
  type DownloadDeps,
} from '../../lib/downloads';
import { writeExportSheet } from '../../lib/xlsx-sheet';
import type { Viewer } from '../access/access.service';
import { questionStats } from './question-stats.service';

const percent = '0.00%';
const fixedHeaders = [
  'Paket',
  'No',
  'Soal',
  'Percobaan',
  'Tidak Dijawab',
  'Indeks Kesukaran',
  'Daya Beda',
  'Kunci',
  'Tanda',
] as const;

async function* each<T>(rows: readonly T[]) {
  for (const row of rows) yield row;
}

/**
 * `GET …/question-stats/xlsx`: the per-question table as an .xlsx (one column per option letter,
 * its share of the attempts), answered as a short-lived download link. The table is one row per
 * question of one activity, so it is written at once, never as a job.
 */
export async function exportQuestionStats(
  deps: DownloadDeps,
  viewer: Viewer & { id: string },
  params: QuestionStatsParams,
  query: QuestionStatsQueryParsed,
): Promise<QuestionStatsExport> {
  const stats = await questionStats(deps.db, viewer, params, query);
  const optionCount = Math.max(0, ...stats.questions.map((q) => q.options.length));
  const letters = Array.from({ length: optionCount }, (_, i) => `Opsi ${optionLetter(i)}`);
  const headers = [...fixedHeaders, ...letters];
  const { url } = await createDownload(deps, {
    userId: viewer.id,
    filename: `statistik-soal-${exportFileSlug(stats.activity.name, 'aktivitas')}-${exportFileStamp()}.xlsx`,
    contentType: xlsxContentType,
    write: async (stream) =>
      refuseEmptyExport(
        await writeExportSheet<QuestionStat>(stream, {
          name: 'Statistik Soal',
          headers,
          widths: [7, 5, 50, 11, 13, 16, 11, 8, 40],
          formats: Object.fromEntries(
            ['Indeks Kesukaran', ...letters].map((header) => [header, percent]),
          ),
          rows: each(stats.questions),
          cells: (q) => [
            q.packet_no,
            q.question_no,
            q.text,
            q.attempts,
            q.unanswered,
            q.facility ?? '',
            q.discrimination ?? '',
            q.options
              .filter((o) => o.correct)
              .map((o) => optionLetter(o.index))
              .join(', '),
            q.flags.map((f) => questionFlagLabels[f]).join(', '),
            ...q.options.map((o) => o.share ?? ''),
          ],
        }),
      ),
  });
  return { public_url: url };
}
