import { useParams, useSearchParams } from 'react-router';
import { useSnackbar } from 'notistack';
import { MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import {
  programAnalyticsMessages,
  programAnalyticsTexts as T,
} from '@ajar/shared/analytics/program-analytics.constants';
import type {
  ProgramAnalyticsFilters,
  ProgramAnalyticsSection as Section,
} from '@ajar/shared/analytics/program-analytics.schemas';
import {
  educationLevelLabels,
  educationLevels,
  type EducationLevel,
} from '@ajar/shared/members/members.constants';
import { errorMessage } from '@/api/http';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { downloadLink } from '@/lib/download-link';
import {
  useExportProgramAnalytics,
  useProgramAnalytics,
  useProgramGain,
} from '../api/program-analytics-queries';
import {
  ProgramAnalyticsAttendance,
  ProgramAnalyticsPractice,
} from '../components/program-analytics-attendance';
import { formatFigure } from '../components/program-analytics-format';
import { ProgramAnalyticsFunnel } from '../components/program-analytics-funnel';
import { ProgramAnalyticsGain } from '../components/program-analytics-gain';
import { ProgramAnalyticsSection } from '../components/program-analytics-section';
import { ProgramAnalyticsVideos } from '../components/program-analytics-videos';

const isLevel = (value: string | null): value is EducationLevel =>
  (educationLevels as readonly string[]).includes(value ?? '');

/**
 * '/program/analitik/:id' — 'Analitik Program': learning gain, the activity funnel, videos,
 * attendance and practice work of one program, filtered by 'Jenjang Pendidikan' (kept in the URL
 * as `jenjang`), each section downloadable as an .xlsx.
 */
export function ProgramAnalyticsPage() {
  const { id: programId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const level = params.get('jenjang');
  const page = Math.max(1, Number(params.get('halaman')) || 1);
  const filters: ProgramAnalyticsFilters = isLevel(level) ? { education_level: level } : {};
  const report = useProgramAnalytics(programId, filters);
  const gain = useProgramGain(programId, filters, page);
  const exporter = useExportProgramAnalytics(programId);
  const data = report.data;

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'halaman') next.delete('halaman');
        return next;
      },
      { replace: true },
    );

  const download = (section: Section) => () =>
    exporter.mutate(
      { ...filters, section },
      {
        onSuccess: (reply) => {
          enqueueSnackbar(programAnalyticsMessages.exported, { variant: 'success' });
          downloadLink(reply.public_url);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  const downloading = exporter.isPending;

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack>
          <Typography variant="h6" component="p">
            {data ? (
              `${data.program.title} · ${formatFigure(data.participants)} peserta`
            ) : (
              <Skeleton width={240} />
            )}
          </Typography>
        </Stack>
        <TextField
          select
          size="small"
          label={T.educationLevel}
          value={isLevel(level) ? level : ''}
          onChange={(e) => setParam('jenjang', e.target.value || null)}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{T.allLevels}</MenuItem>
          {educationLevels.map((l) => (
            <MenuItem key={l} value={l}>
              {educationLevelLabels[l]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {report.isError && (
        <LoadErrorAlert error={report.error} onRetry={() => void report.refetch()} />
      )}
      {!data && report.isPending && <Skeleton variant="rounded" height={320} />}
      {data && (
        <>
          <ProgramAnalyticsSection
            id="analitik-gain"
            title={T.gain}
            note="Nilai percobaan pertama yang dikumpulkan pada Pre Test dan Post Test."
            onDownload={data.gain.paired > 0 ? download('gain') : undefined}
            downloading={downloading}
          >
            <ProgramAnalyticsGain
              summary={data.gain}
              list={gain.data}
              onPage={(p) => setParam('halaman', p > 1 ? String(p) : null)}
            />
          </ProgramAnalyticsSection>
          <ProgramAnalyticsSection
            id="analitik-corong"
            title={T.funnel}
            note="Peserta yang membuka, memulai dan menyelesaikan tiap aktivitas, urut program."
            onDownload={data.funnel.length > 0 ? download('funnel') : undefined}
            downloading={downloading}
          >
            <ProgramAnalyticsFunnel steps={data.funnel} participants={data.participants} />
          </ProgramAnalyticsSection>
          <ProgramAnalyticsSection
            id="analitik-video"
            title={T.videos}
            note="Persentase penonton yang menonton tiap bagian video, dan jawaban kuis pop-up."
            onDownload={data.videos.length > 0 ? download('video_watch') : undefined}
            downloading={downloading}
          >
            <ProgramAnalyticsVideos videos={data.videos} />
          </ProgramAnalyticsSection>
          <ProgramAnalyticsSection
            id="analitik-presensi"
            title={T.attendance}
            onDownload={data.attendance.length > 0 ? download('attendance') : undefined}
            downloading={downloading}
          >
            <ProgramAnalyticsAttendance rows={data.attendance} participants={data.participants} />
          </ProgramAnalyticsSection>
          <ProgramAnalyticsSection
            id="analitik-tugas"
            title={T.practice}
            onDownload={data.practice.length > 0 ? download('practice') : undefined}
            downloading={downloading}
          >
            <ProgramAnalyticsPractice rows={data.practice} />
          </ProgramAnalyticsSection>
        </>
      )}
    </Stack>
  );
}
