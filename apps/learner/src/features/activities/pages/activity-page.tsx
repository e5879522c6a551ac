import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import {
  activityTypeLabel,
  isQuizActivityType,
} from '@ajar/shared/activities/activities.constants';
import { PlayerTheme } from '@ajar/player/theme/player-theme';
import { isMeetingActivityType } from '@ajar/shared/attendance/attendance.constants';
import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';
import { ApiError, errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button, LinkButton } from '../../../components/button';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { pathTo } from '../../../routes/paths';
import { activityQuery, programDetailQuery } from '../api/activities-api';
import type { ActivityProps } from '../components/activity-props';
import { DescriptionActivity } from '../components/description-activity';
import { LockedActivity } from '../components/locked-activity';
import { LinkActivity } from '../components/link-activity';
import { MeetingActivity } from '../components/meeting-activity';
import { PdfActivity } from '../components/pdf-activity';
import { PracticeWorkActivity } from '../components/practice-work-activity';
import { QuizActivity } from '../components/quiz-activity';
import { StateChip } from '../components/state-chip';
import { VideoActivity } from '../components/video-activity';
import { YoutubeActivity } from '../components/youtube-activity';
import { ActivityDiscussion } from '../../discussions/components/activity-discussion';
import '../activities.css';

/** One screen per activity type, as the Moodle app does. */
function screenFor(activity: MemberActivityDetail): ComponentType<ActivityProps> {
  if (isQuizActivityType(activity.type)) return QuizActivity;
  if (activity.completion === 'upload') return PracticeWorkActivity;
  if (isMeetingActivityType(activity.type)) return MeetingActivity;
  switch (activity.type) {
    case 'menonton_video':
      return VideoActivity;
    case 'embed_youtube':
      return YoutubeActivity;
    case 'membaca-e-book':
      return PdfActivity;
    case 'evaluasi':
      return LinkActivity;
    default:
      return DescriptionActivity;
  }
}

/** An activity of a redeemed program, with the way to the previous and next ones. */
export function ActivityPage() {
  const params = useParams();
  const programId = params.programId ?? '';
  const activityId = params.activityId ?? '';
  const activity = useQuery(activityQuery(programId, activityId));
  const program = useQuery(programDetailQuery(programId));
  const back = pathTo('program-detail', { programId });

  if (activity.isPending)
    return (
      <Page title="Aktivitas" back={back}>
        <PageLoading label="Memuat aktivitas…" />
      </Page>
    );
  const all = program.data?.topics.flatMap((t) => t.activities) ?? [];
  const unlockedBy = (id: string) => {
    const by = all.find((a) => a.id === id)?.locked_by;
    return all.find((a) => a.id === by) ?? null;
  };
  // Locked (the server refuses with the reason): explained, not an error to retry.
  if (activity.isError && activity.error instanceof ApiError && activity.error.status === 403)
    return (
      <Page title={all.find((a) => a.id === activityId)?.name ?? 'Aktivitas'} back={back}>
        <LockedActivity
          programId={programId}
          reason={errorMessage(activity.error)}
          unlockedBy={unlockedBy(activityId)}
        />
      </Page>
    );
  if (activity.isError)
    return (
      <Page title="Aktivitas" back={back}>
        <Alert tone="error">
          <p>{errorMessage(activity.error)}</p>
          <Button variant="secondary" onClick={() => void activity.refetch()}>
            Coba lagi
          </Button>
        </Alert>
      </Page>
    );

  const data = activity.data;
  const index = all.findIndex((a) => a.id === data.id);
  const previous = index > 0 ? all[index - 1] : undefined;
  const next = index >= 0 ? all[index + 1] : undefined;
  const Screen = screenFor(data);

  return (
    <Page title={data.name} back={back} heading>
      <p className="row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <span className="muted">{activityTypeLabel(data.type)}</span>
        <StateChip state={data.state} />
      </p>
      {data.state === 'terkunci' ? (
        <LockedActivity
          programId={programId}
          reason={data.lock_reason ?? 'Aktivitas ini belum dapat dibuka.'}
          unlockedBy={unlockedBy(data.id)}
        />
      ) : (
        <PlayerTheme>
          <Screen key={data.id} programId={programId} activity={data} />
        </PlayerTheme>
      )}
      <ActivityDiscussion programId={programId} activity={data} />
      <nav className="activity-nav" aria-label="Aktivitas lain">
        {previous ? (
          <LinkButton
            variant="secondary"
            to={pathTo('activity', { programId, activityId: previous.id })}
          >
            ‹ Sebelumnya
          </LinkButton>
        ) : (
          <span />
        )}
        {next && next.state !== 'terkunci' ? (
          <LinkButton to={pathTo('activity', { programId, activityId: next.id })}>
            Berikutnya ›
          </LinkButton>
        ) : (
          <LinkButton variant="secondary" to={back}>
            Daftar aktivitas
          </LinkButton>
        )}
      </nav>
    </Page>
  );
}
