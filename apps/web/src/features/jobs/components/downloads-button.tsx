import { useEffect, useRef, useState } from 'react';
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
import { useLocation, useNavigate } from 'react-router';
import { jobMessages, jobPanelHash } from '@ajar/shared/jobs/jobs.constants';
import { timeLeftText } from '@ajar/shared/jobs/jobs.rules';
import type { Job } from '@ajar/shared/jobs/jobs.schemas';
import { errorMessage } from '@/api/http';
import { downloadJob, useCancelJob, useJobRealtime, useJobs } from '@/lib/jobs';

const statusText: Record<Job['status'], string> = {
  queued: 'Menunggu',
  running: 'Diproses',
  done: 'Selesai',
  failed: 'Gagal',
  cancelled: jobMessages.cancelled,
};

/** The time now, again every `ms` while `active` (the time left counts down between events). */
function useNow(ms: number, active: boolean) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms, active]);
  return now;
}

function JobItem({ job, now }: { job: Job; now: Date }) {
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
  const cancelJob = useCancelJob();
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelJob(job.id);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const active = job.status === 'queued' || job.status === 'running';
  const left = timeLeftText(job, now);
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
          <Button
            size="small"
            color="inherit"
            disabled={busy}
            aria-label={`${jobMessages.cancel} ${job.name}`}
            onClick={() => void cancel()}
          >
            {jobMessages.cancel}
          </Button>
        </Box>
      )}
      {active && left && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
          {left}
        </Typography>
      )}
      {job.message && job.status !== 'cancelled' && (
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
 * 'Unduhan' in the header: the user's long work (certificate zips, big exports), its
 * progress moving live (`job.progress`) with the time left once it can be estimated, 'Unduh' when
 * done, the reason when failed. A job that ends while the panel is closed puts a dot on the icon;
 * the bell says it ended (its entry links to `#unduhan`, which opens this panel on any page).
 */
export function DownloadsButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [unseen, setUnseen] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const jobs = useJobs();
  useJobRealtime(() => {
    if (!anchor) setUnseen((n) => n + 1);
  });
  useEffect(() => {
    if (location.hash !== `#${jobPanelHash}` || !button.current) return;
    setAnchor(button.current);
    setUnseen(0);
    // The hash is dropped again, so the same link opens the panel next time too.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  const list = jobs.data?.list ?? [];
  const running = list.some((j) => j.status === 'queued' || j.status === 'running');
  const now = useNow(1000, Boolean(anchor) && running);
  return (
    <>
      <Tooltip title={jobMessages.panel}>
        <IconButton
          ref={button}
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
              <JobItem key={job.id} job={job} now={now} />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
