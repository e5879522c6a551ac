import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { jobMessages } from '@ajar/shared/jobs/jobs.constants';
import type { Job, JobList, JobStarted } from '@ajar/shared/jobs/jobs.schemas';
import { http } from '@/api/http';
import { downloadLink } from './download-link';
import { useRealtimeEvent, useRealtimeReconnect } from './realtime-client';

/** How many of the user's latest jobs 'Unduhan' lists. */
export const jobListLimit = 20;

export const jobKeys = {
  all: ['jobs'] as const,
  list: () => [...jobKeys.all, 'list'] as const,
};

/** `GET /api/job/v1/list`: the user's own jobs, newest first. */
export function useJobs() {
  return useQuery({
    queryKey: jobKeys.list(),
    queryFn: ({ signal }) =>
      http.get<JobList>('/job/v1/list', { limit: jobListLimit, page: 1 }, signal),
  });
}

/**
 * Keeps the list live: every `job.progress` event replaces its job in the list (a new one is put
 * first), `onFinished` hears a job that just ended. After a reconnect the list is fetched again.
 */
export function useJobRealtime(onFinished: (job: Job) => void) {
  const queryClient = useQueryClient();
  useRealtimeEvent('job.progress', (job) => {
    const previous = queryClient.getQueryData<JobList>(jobKeys.list());
    const known = previous?.list.find((j) => j.id === job.id);
    if (!previous || !known) {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    } else {
      queryClient.setQueryData<JobList>(jobKeys.list(), {
        ...previous,
        list: previous.list.map((j) => (j.id === job.id ? job : j)),
      });
    }
    if ((job.status === 'done' || job.status === 'failed') && known?.status !== job.status) {
      onFinished(job);
    }
  });
  useRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: jobKeys.all }));
}

/** A new job was started: the list shows it at once. */
export function useJobStarted() {
  const queryClient = useQueryClient();
  return (_started: JobStarted) => queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

/** 'Batalkan': `POST /api/job/v1/cancel/{id}`; the list shows it cancelled at once. */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    const job = await http.post<Job>(`/job/v1/cancel/${encodeURIComponent(id)}`);
    const previous = queryClient.getQueryData<JobList>(jobKeys.list());
    if (previous) {
      queryClient.setQueryData<JobList>(jobKeys.list(), {
        ...previous,
        list: previous.list.map((j) => (j.id === job.id ? job : j)),
      });
    }
    return job;
  };
}

/** Downloads a done job's file through the fresh single-use link its detail answers. */
export async function downloadJob(id: string): Promise<void> {
  const job = await http.get<Job>(`/job/v1/detail/${encodeURIComponent(id)}`);
  if (!job.public_url) throw new Error(job.message ?? 'File tidak tersedia');
  downloadLink(job.public_url);
}

/**
 * Handles a reply that is a file or a job (an export: `public_url` at once, or `job_id` past
 * 10,000 rows): the file is downloaded with `doneMessage`, a job is announced
 * ('Sedang diproses, lihat di Unduhan') and shown in 'Unduhan'.
 */
export function useFileOrJobReply() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return (reply: { public_url: string } | JobStarted, doneMessage: string) => {
    if ('job_id' in reply) {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      enqueueSnackbar(jobMessages.started, { variant: 'info' });
      return;
    }
    enqueueSnackbar(doneMessage, { variant: 'success' });
    downloadLink(reply.public_url);
  };
}
