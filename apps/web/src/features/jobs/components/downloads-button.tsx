import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { useSnackbar } from 'notistack';
import { jobMessages } from '@ajar/shared/jobs/jobs.constants';
import type { Job } from '@ajar/shared/jobs/jobs.schemas';
import { errorMessage } from '@/api/http';
import { downloadJob, useJobRealtime, useJobs } from '@/lib/jobs';

const statusText: Record<Job['status'], string> = {
  queued: 'Menunggu',
  running: 'Diproses',
  done: 'Selesai',
  failed: 'Gagal',
};

function JobItem({ job }: { job: Job }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadJob(job.id);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const active = job.status === 'queued' || job.status === 'running';
  return (
    <ListItem
      divider
      aria-label={job.name}
      sx={{ display: 'block', py: 1.25 }}
      data-job-status={job.status}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ flex: 1, fontWeight: 600, wordBreak: 'break-word' }}>
          {job.name}
        </Typography>
        {job.status === 'done' && job.message === null ? (
          <Button
            size="small"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={14} /> : <DownloadRounded />}
            onClick={() => void download()}
          >
            {jobMessages.download}
          </Button>
        ) : (
          <Typography
            variant="caption"
            color={job.status === 'failed' ? 'error' : 'text.secondary'}
          >
            {statusText[job.status]}
          </Typography>
        )}
      </Box>
      {active && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.75 }}>
          <LinearProgress
            variant={job.status === 'queued' ? 'indeterminate' : 'determinate'}
            value={job.progress}
            aria-label={`Kemajuan ${job.name}`}
            sx={{ flex: 1 }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ minWidth: 36 }}>
            {job.progress}%
          </Typography>
        </Box>
      )}
      {job.message && (
        <Typography
          variant="caption"
          color={job.status === 'failed' ? 'error' : 'text.secondary'}
          component="p"
          sx={{ mt: 0.5 }}
        >
          {job.message}
        </Typography>
      )}
    </ListItem>
  );
}

/**
 * 'Unduhan' in the header (issue 19): the user's long work (certificate zips, big exports), its
 * progress moving live (`job.progress`), 'Unduh' when done, the reason when failed. A job that
 * ends while the panel is closed is announced with a pop-up and a dot on the icon.
 */
export function DownloadsButton() {
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [unseen, setUnseen] = useState(0);
  const jobs = useJobs();
  useJobRealtime((job) => {
    if (!anchor) setUnseen((n) => n + 1);
    enqueueSnackbar(
      job.status === 'done'
        ? `${job.name} selesai, lihat di ${jobMessages.panel}`
        : `${job.name} gagal: ${job.message ?? jobMessages.failed}`,
      { variant: job.status === 'done' ? 'success' : 'error' },
    );
  });
  const list = jobs.data?.list ?? [];
  const running = list.some((j) => j.status === 'queued' || j.status === 'running');
  return (
    <>
      <Tooltip title={jobMessages.panel}>
        <IconButton
          color="inherit"
          aria-label={jobMessages.panel}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setUnseen(0);
          }}
        >
          <Badge color="secondary" variant="dot" invisible={unseen === 0 && !running}>
            <DownloadRounded />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {jobMessages.panel}
          </Typography>
        </Box>
        {jobs.isPending ? (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <CircularProgress size={24} />
          </Box>
        ) : list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            Belum ada unduhan
          </Typography>
        ) : (
          <List dense disablePadding aria-label={jobMessages.panel}>
            {list.map((job) => (
              <JobItem key={job.id} job={job} />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
