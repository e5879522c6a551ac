import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { Alert, Box, Button, Card, Stack, Typography } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useParams } from 'react-router';
import { questionStatsMessages } from '@ajar/shared/analytics/question-stats.rules';
import {
  questionStatsQuerySchema,
  type QuestionStatsQuery,
} from '@ajar/shared/analytics/question-stats.schemas';
import { errorMessage } from '@/api/http';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useCan } from '@/hooks/use-session';
import { downloadLink } from '@/lib/download-link';
import { pathTo } from '@/routes/paths';
import { useExportQuestionStats, useQuestionStats } from '../api/get-question-stats';
import {
  QuestionStatsFilters,
  toQuery,
  type QuestionStatsFilterValues,
} from '../components/question-stats-filters';
import { QuestionStatsHistogram } from '../components/question-stats-histogram';
import { QuestionStatsSummary } from '../components/question-stats-summary';
import { QuestionStatsTable } from '../components/question-stats-table';

/** The first message per date field of the filters' issues. */
function dateErrors(query: QuestionStatsQuery) {
  const parsed = questionStatsQuerySchema.safeParse(query);
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path[0];
    if ((key === 'from' || key === 'to') && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/**
 * 'Statistik Soal' of a quiz-type activity (route question-stats): the activity's figures, its
 * score distribution and a row per question with its flags; filters for first attempts only and
 * the days of submission; the table as .xlsx.
 */
export function QuestionStatsPage() {
  const { program = '', topic = '', id = '' } = useParams();
  const params = { program, topic, activity: id };
  const canManage = useCan('program.manage');
  const { enqueueSnackbar } = useSnackbar();
  const [filters, setFilters] = useState<QuestionStatsFilterValues>({
    first_attempt: '0',
    from: '',
    to: '',
  });
  // Only a valid filter is asked for: the figures of the last valid one stay on screen.
  const wanted = toQuery(filters);
  const errors = dateErrors(wanted);
  const [query, setQuery] = useState<QuestionStatsQuery>(wanted);
  const valid = Object.keys(errors).length === 0;
  if (valid && JSON.stringify(query) !== JSON.stringify(wanted)) setQuery(wanted);
  const stats = useQuestionStats(params, query);
  const exporter = useExportQuestionStats(params);

  const runExport = () =>
    exporter.mutate(query, {
      onSuccess: (reply) => {
        downloadLink(reply.public_url);
        enqueueSnackbar(questionStatsMessages.exported, { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  const editorPath = canManage
    ? `${pathTo('activity-edit', { program, topic, id })}?tab=questions`
    : null;
  const data = stats.data;

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          Statistik Soal{data ? `: ${data.activity.name}` : ''}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          onClick={runExport}
          disabled={!data || data.questions.length === 0 || exporter.isPending}
        >
          Unduh Excel
        </Button>
      </Stack>
      <QuestionStatsFilters value={filters} errors={errors} onChange={setFilters} />
      {stats.isError && <LoadErrorAlert error={stats.error} onRetry={() => void stats.refetch()} />}
      {data && (
        <>
          <QuestionStatsSummary summary={data.summary} />
          <Card variant="outlined" sx={{ p: 2 }}>
            <QuestionStatsHistogram bins={data.histogram} />
          </Card>
          <Card variant="outlined">
            <Box sx={{ p: 2, pb: 0 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                Statistik per soal
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Indeks kesukaran: bagian percobaan yang menjawab benar. Daya beda: korelasi
                point-biserial jawaban soal dengan jumlah benar soal lainnya.
              </Typography>
            </Box>
            {data.questions.length === 0 ? (
              <Alert severity="info" sx={{ m: 2 }}>
                {questionStatsMessages.noQuestions}
              </Alert>
            ) : (
              <QuestionStatsTable questions={data.questions} editorPath={editorPath} />
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
