import { sql } from 'drizzle-orm';
import { videoBucketCount } from '@ajar/shared/analytics/program-analytics.constants';
import type { ProgramAnalyticsFilters } from '@ajar/shared/analytics/program-analytics.schemas';
import type { DbOrTx } from '../../db/client';
import {
  activitiesCte,
  num,
  numOrNull,
  participantsCte,
  rowsOf,
} from './program-analytics.repository';

/** The activity types a participant watches (their players report watched intervals). */
const videoTypes = ['menonton_video', 'embed_youtube'] as const;

export interface VideoRow {
  activity_id: string;
  activity_name: string;
  duration: number | null;
  viewers: number;
}

export interface VideoBucketRow {
  activity_id: string;
  bucket: number;
  from_seconds: number;
  to_seconds: number;
  viewers: number;
  share: number;
}

/**
 * The program's videos in program order: the longest duration their players reported and the
 * participants with at least one watched interval.
 */
export async function videos(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<VideoRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${participantsCte(programId, filters)}, ${activitiesCte(programId, videoTypes)},
    watch as (
      select ap.activity_id, max(ap.video_duration) as duration,
        count(*) filter (where jsonb_array_length(ap.video_watched) > 0)::int as viewers
      from activity_progress ap join part p on p.redeem_id = ap.member_redeem_id
      where ap.program_id = ${programId}
      group by 1
    )
    select a.id, a.name, w.duration, coalesce(w.viewers, 0)::int as viewers
    from acts a left join watch w on w.activity_id = a.id
    order by a.topic_seq, a.seq`,
  );
  return rows.map((r) => ({
    activity_id: r.id as string,
    activity_name: r.name as string,
    duration: numOrNull(r.duration),
    viewers: num(r.viewers),
  }));
}

/**
 * The drop-off line of every video: its duration cut into `videoBucketCount` buckets, and per
 * bucket the viewers whose watched intervals [from, to) cover the bucket's middle, over all the
 * video's viewers. An interval is turned into the range of buckets it covers, so the work grows
 * with the buckets watched, not with buckets × intervals.
 */
export async function videoBuckets(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<VideoBucketRow[]> {
  const last = videoBucketCount - 1;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${participantsCte(programId, filters)}, ${activitiesCte(programId, videoTypes)},
    watched as (
      select ap.activity_id, ap.member_redeem_id, ap.video_watched, ap.video_duration
      from activity_progress ap
      join part p on p.redeem_id = ap.member_redeem_id
      join acts a on a.id = ap.activity_id
      where ap.program_id = ${programId}
    ),
    video as (
      select activity_id, max(video_duration) / ${videoBucketCount} as width,
        count(*) filter (where jsonb_array_length(video_watched) > 0) as viewers
      from watched group by 1
      having max(video_duration) > 0
    ),
    covered as (
      select w.activity_id, b.bucket, count(distinct w.member_redeem_id) as n
      from watched w
      join video v on v.activity_id = w.activity_id
      cross join lateral jsonb_array_elements(w.video_watched) as iv(span)
      cross join lateral generate_series(
        greatest(0, ceil((iv.span ->> 0)::float8 / v.width - 0.5))::int,
        least(${last}, ceil((iv.span ->> 1)::float8 / v.width - 0.5)::int - 1)
      ) as b(bucket)
      group by 1, 2
    )
    select v.activity_id, g.bucket, g.bucket * v.width as from_seconds,
      (g.bucket + 1) * v.width as to_seconds, coalesce(c.n, 0)::int as viewers,
      coalesce(c.n, 0)::float8 / nullif(v.viewers, 0) as share
    from video v
    cross join generate_series(0, ${last}) as g(bucket)
    left join covered c on c.activity_id = v.activity_id and c.bucket = g.bucket
    order by v.activity_id, g.bucket`,
  );
  return rows.map((r) => ({
    activity_id: r.activity_id as string,
    bucket: num(r.bucket),
    from_seconds: num(r.from_seconds),
    to_seconds: num(r.to_seconds),
    viewers: num(r.viewers),
    share: num(r.share ?? 0),
  }));
}

export interface PopupRow {
  activity_id: string;
  gameplay_id: string;
  time: number | null;
  question: string;
  answered: number;
  correct: number;
  share_correct: number | null;
}

/** Per pop-up question of the program's videos, in the video's time order: answers and correct. */
export async function popupAnswers(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<PopupRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${participantsCte(programId, filters)}, ${activitiesCte(programId, videoTypes)},
    answers as (
      select pa.gameplay_id, count(*)::int as answered,
        count(*) filter (where pa.correct)::int as correct
      from popup_answers pa
      join part p on p.redeem_id = pa.member_redeem_id
      join acts a on a.id = pa.activity_id
      group by 1
    )
    select g.activity_id, g.id, g.time, coalesce(g.question ->> 'text', '') as question,
      coalesce(s.answered, 0)::int as answered, coalesce(s.correct, 0)::int as correct,
      s.correct::float8 / nullif(s.answered, 0) as share_correct
    from gameplays g
    join acts a on a.id = g.activity_id
    left join answers s on s.gameplay_id = g.id
    order by a.topic_seq, a.seq, g.time nulls last, g.created_at`,
  );
  return rows.map((r) => ({
    activity_id: r.activity_id as string,
    gameplay_id: r.id as string,
    time: numOrNull(r.time),
    question: r.question as string,
    answered: num(r.answered),
    correct: num(r.correct),
    share_correct: numOrNull(r.share_correct),
  }));
}
