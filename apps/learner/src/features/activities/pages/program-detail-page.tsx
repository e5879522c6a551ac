import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import type { MemberActivity } from '@ajar/shared/members/member-learning.schemas';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
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

function ActivityRow({ programId, activity }: { programId: string; activity: MemberActivity }) {
  const locked = activity.state === 'terkunci';
  const body = (
    <>
      <span className="stack" style={{ gap: '0.125rem' }}>
        <span className="activity-row__name">{activity.name}</span>
        <span className="activity-row__meta">
          {activityTypeLabel(activity.type)}
          {activity.score !== null && ` · Skor ${activity.score}`}
        </span>
        {locked && activity.lock_reason && (
          <span className="activity-row__meta">{activity.lock_reason}</span>
        )}
      </span>
      <StateChip state={activity.state} />
    </>
  );
  return (
    <li>
      {locked ? (
        <div className="activity-row" aria-disabled="true">
          {body}
        </div>
      ) : (
        <Link
          className="activity-row"
          to={pathTo('activity', { programId, activityId: activity.id })}
        >
          {body}
        </Link>
      )}
    </li>
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
  return (
    <Page title={data.program.title} back={routePaths['program-saya']} heading>
      <Card className="stack">
        <ProgressBar value={data.progress} label="Progres program" />
        {complete && !showCertificate && (
          <Button block onClick={() => setShowCertificate(true)}>
            Sertifikat
          </Button>
        )}
      </Card>
      {complete && showCertificate && <CertificateCard programId={programId} />}
      <ProgramConnect programId={programId} activities={data.topics.flatMap((t) => t.activities)} />
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
                <ol className="activity-list" aria-label={`Aktivitas ${topic.name}`}>
                  {topic.activities.map((activity) => (
                    <ActivityRow key={activity.id} programId={programId} activity={activity} />
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
