import { gainPageSize } from '@ajar/shared/analytics/program-analytics.constants';
import type {
  GainList,
  ProgramAnalytics,
  ProgramAnalyticsFilters,
  ProgramGainListQueryParsed,
  VideoStat,
} from '@ajar/shared/analytics/program-analytics.schemas';
import type { DbOrTx } from '../../db/client';
import { requireProgram, type Viewer } from '../access/access.service';
import * as videoRepo from './program-analytics-videos.repository';
import * as repo from './program-analytics.repository';

/** The program's videos, each with its drop-off line and its pop-up questions. */
export async function videoStats(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<VideoStat[]> {
  const [list, buckets, popups] = await Promise.all([
    videoRepo.videos(db, programId, filters),
    videoRepo.videoBuckets(db, programId, filters),
    videoRepo.popupAnswers(db, programId, filters),
  ]);
  return list.map((video) => ({
    ...video,
    buckets: buckets
      .filter((b) => b.activity_id === video.activity_id)
      .map(({ activity_id: _, ...bucket }) => bucket),
    popups: popups
      .filter((p) => p.activity_id === video.activity_id)
      .map(({ activity_id: _, ...popup }) => popup),
  }));
}

/** Every section of the screen for programs the viewer may see (another trainer's: 404). */
export async function programAnalytics(
  db: DbOrTx,
  viewer: Viewer,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<ProgramAnalytics> {
  await requireProgram(db, viewer, programId);
  const [title, participants, gain, funnel, videos, attendance, practice] = await Promise.all([
    repo.programTitle(db, programId),
    repo.countParticipants(db, programId, filters),
    repo.gainSummary(db, programId, filters),
    repo.funnel(db, programId, filters),
    videoStats(db, programId, filters),
    repo.attendancePerMeeting(db, programId, filters),
    repo.practiceWork(db, programId, filters),
  ]);
  const { pre_id, pre_name, post_id, post_name, ...figures } = gain;
  return {
    program: { id: programId, title },
    participants,
    gain: {
      pre_activity: pre_id ? { id: pre_id, name: pre_name ?? '' } : null,
      post_activity: post_id ? { id: post_id, name: post_name ?? '' } : null,
      ...figures,
    },
    funnel,
    videos,
    attendance,
    practice,
  };
}

/** One page of the participants' pre, post and gain, by name. */
export async function gainList(
  db: DbOrTx,
  viewer: Viewer,
  programId: string,
  query: ProgramGainListQueryParsed,
): Promise<GainList> {
  await requireProgram(db, viewer, programId);
  const { page, ...filters } = query;
  const { rows, total } = await repo.gainParticipants(db, programId, filters, {
    offset: (page - 1) * gainPageSize,
    limit: gainPageSize,
  });
  return { list: rows, limit: gainPageSize, page, total };
}
