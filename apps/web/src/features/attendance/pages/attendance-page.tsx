import { useSnackbar } from 'notistack';
import { Box, Button, Card, Stack } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import {
  attendanceMessages,
  attendanceTexts as T,
} from '@ajar/shared/attendance/attendance.constants';
import type { AttendanceListQueryParsed } from '@ajar/shared/attendance/attendance.schemas';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchResultNote } from '@/components/search-result-note';
import { errorMessage } from '@/api/http';
import { ListPagination } from '@/components/list-pagination';
import { SearchBox } from '@/components/search-box';
import { useFileOrJobReply } from '@/lib/jobs';
import { useAttendances, useExportAttendances } from '../api/get-attendances';
import { AttendanceFilters } from '../components/attendance-filters';
import { AttendanceTable } from '../components/attendance-table';
import { pageSizes, useAttendanceParams } from '../lib/use-attendance-params';

/**
 * '/presensi' — attendance records (spec 01 §2): Program and Topik filters, search over member
 * name and phone, Export of what the filters select, server paging, sort by Tanggal Absen.
 */
export function AttendancePage() {
  const { page, limit, dir, q, programId, topicId, update } = useAttendanceParams();
  const { enqueueSnackbar } = useSnackbar();
  const query: AttendanceListQueryParsed = {
    page,
    limit,
    q: q || undefined,
    sort: 'created_at',
    dir,
    program_id: programId || undefined,
    topic_id: topicId || undefined,
  };
  const attendances = useAttendances(query);
  const exporter = useExportAttendances();
  const fileOrJob = useFileOrJobReply();

  const runExport = () =>
    exporter.mutate(
      { limit: -1, page: 1, program_id: query.program_id, topic_id: query.topic_id },
      {
        onSuccess: (reply) => fileOrJob(reply, attendanceMessages.exported),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <AttendanceFilters programId={programId} topicId={topicId} onChange={update} />
        </Stack>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          onClick={runExport}
          disabled={exporter.isPending}
          sx={{ alignSelf: { xs: 'flex-end', md: 'center' } }}
        >
          {T.export}
        </Button>
      </Stack>

      <Card>
        <Box sx={{ p: 2, pb: 1 }}>
          <SearchBox
            label="Cari nama atau nomor Whatsapp"
            value={q}
            onSearch={(text) => update({ q: text || null, page: null })}
          />
        </Box>
        <SearchResultNote q={q} sx={{ px: 2 }} />
        {attendances.isError && (
          <LoadErrorAlert
            error={attendances.error}
            onRetry={() => void attendances.refetch()}
            sx={{ m: 2 }}
          />
        )}
        <Box sx={{ opacity: attendances.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
          <AttendanceTable
            rows={attendances.data?.list}
            loading={attendances.isPending}
            skeletonRows={limit}
            dir={dir}
            onToggleSort={() => update({ dir: dir === 'desc' ? 'asc' : null, page: null })}
          />
        </Box>
        <ListPagination
          total={attendances.data?.total ?? 0}
          page={page}
          limit={limit}
          pageSizes={pageSizes}
          onChange={update}
        />
      </Card>
    </Stack>
  );
}
