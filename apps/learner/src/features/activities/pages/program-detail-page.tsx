import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import { formatScore } from '@ajar/shared/common/format';
import type { MemberActivity } from '@ajar/shared/members/member-learning.schemas';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button, LinkButton } from '../../../components/button';
import { Card } from '../../../components/card';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { ProgressBar } from '../../../components/progress-bar';
import { pathTo, routePaths } from '../../../routes/paths';
import { programDetailQuery } from '../api/activities-api';
import { CertificateCard } from '../components/certificate-card';
import { StateChip } from '../components/state-chip';
import { ProgramConnect } from '../../chat/components/program-connect';
import '../activities.css';

function ActivityRow({
  programId,
  activity,
  unlockedBy,
}: {
  programId: string;
  activity: MemberActivity;
  /** The activity to complete first when this one is locked behind it. */
  unlockedBy: MemberActivity | null;
}) {
  const locked = activity.state === 'terkunci';
  const [why, setWhy] = useState(false);
  const body = (
    <>
      <span className="stack" style={{ gap: '0.125rem' }}>
        <span className="activity-row__name">{activity.name}</span>
        <span className="activity-row__meta">
          {activityTypeLabel(activity.type)}
          {activity.score !== null && ` · Skor ${formatScore(activity.score)}`}
        </span>
        {locked && activity.lock_reason && (
          <span className="activity-row__meta">{activity.lock_reason}</span>
        )}
      </span>
      <StateChip state={activity.state} />
    </>
  );
  if (!locked)
    return (
      <li>
        <Link
          className="activity-row"
          to={pathTo('activity', { programId, activityId: activity.id })}
        >
          {body}
        </Link>
      </li>
    );
  // A tap on a locked card says why and what to do now, instead of doing nothing.
  const noteId = `lock-${activity.id}`;
  return (
    <li>
      <button
        type="button"
        className="activity-row activity-row--locked"
        aria-expanded={why}
        aria-controls={noteId}
        onClick={() => setWhy((w) => !w)}
      >
        {body}
      </button>
      <div id={noteId} className="lock-note" role="status" hidden={!why}>
        {why && (
          <>
            <p>
              Aktivitas ini belum terbuka.{' '}
              {unlockedBy
                ? `Selesaikan "${unlockedBy.name}" terlebih dahulu.`
                : `${activity.lock_reason ?? ''}. Sementara itu, kerjakan aktivitas lain yang sudah terbuka.`}
            </p>
            {unlockedBy && (
              <LinkButton
                variant="secondary"
                to={pathTo('activity', { programId, activityId: unlockedBy.id })}
              >
                Buka {unlockedBy.name}
              </LinkButton>
            )}
          </>
        )}
      </div>
    </li>
  );
}

/** 'x dari y selesai' of a topic, from the activities the program screen already holds. */
function TopicProgress({ name, activities }: { name: string; activities: MemberActivity[] }) {
  if (activities.length === 0) return null;
  const done = activities.filter((a) => a.is_complete).length;
  return (
    <ProgressBar
      value={(done / activities.length) * 100}
      label={`${done} dari ${activities.length} aktivitas selesai`}
      name={`Progres ${name}: ${done} dari ${activities.length} aktivitas selesai`}
    />
  );
}

/** A redeemed program: progress, its topics and activities in order with their state. */
export function ProgramDetailPage() {
  const programId = useParams().programId ?? '';
  const detail = useQuery(programDetailQuery(programId));
  const [showCertificate, setShowCertificate] = useState(false);

  if (detail.isPending)
    return (
      <Page title="Program" back={routePaths['program-saya']}>
        <PageLoading label="Memuat program…" />
      </Page>
    );
  if (detail.isError)
    return (
      <Page title="Program" back={routePaths['program-saya']}>
        <Alert tone="error">
          <p>{errorMessage(detail.error)}</p>
          <Button variant="secondary" onClick={() => void detail.refetch()}>
            Coba lagi
          </Button>
        </Alert>
      </Page>
    );

  const data = detail.data;
  const complete = data.progress >= 100;
  const all = data.topics.flatMap((t) => t.activities);
  return (
    <Page title={data.program.title} back={routePaths['program-saya']} heading>
      <Card className="stack">
        <ProgressBar value={data.progress} label="Progres program" />
        <LinkButton variant="secondary" block to={pathTo('nilai', { programId })}>
          Nilai
        </LinkButton>
        {complete && !showCertificate && (
          <Button block onClick={() => setShowCertificate(true)}>
            Sertifikat
          </Button>
        )}
      </Card>
      {complete && showCertificate && <CertificateCard programId={programId} />}
      <ProgramConnect programId={programId} activities={all} />
      {data.topics.length === 0 ? (
        <Card>
          <p className="muted">Materi program ini belum tersedia.</p>
        </Card>
      ) : (
        <ol className="topic-list stack">
          {data.topics.map((topic) => (
            <li key={topic.id}>
              <section className="stack" aria-labelledby={`topic-${topic.id}`}>
                <h2 id={`topic-${topic.id}`}>{topic.name}</h2>
                <TopicProgress name={topic.name} activities={topic.activities} />
                <ol className="activity-list" aria-label={`Aktivitas ${topic.name}`}>
                  {topic.activities.map((activity) => (
                    <ActivityRow
                      key={activity.id}
                      programId={programId}
                      activity={activity}
                      unlockedBy={all.find((a) => a.id === activity.locked_by) ?? null}
                    />
                  ))}
                </ol>
              </section>
            </li>
          ))}
        </ol>
      )}
    </Page>
  );
}
