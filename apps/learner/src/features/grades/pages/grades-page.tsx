import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { MemberGrade } from '@ajar/shared/members/member-grades.schemas';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { pathTo } from '../../../routes/paths';
import { gradesQuery } from '../api/grades-api';
import { GradeCard } from '../components/grade-card';
import '../grades.css';

/** The grades in topic groups, in program order (the server's order). */
function byTopic(grades: MemberGrade[]) {
  const topics: { id: string; name: string; grades: MemberGrade[] }[] = [];
  for (const grade of grades) {
    const last = topics.at(-1);
    if (last?.id === grade.topic_id) last.grades.push(grade);
    else topics.push({ id: grade.topic_id, name: grade.topic_name, grades: [grade] });
  }
  return topics;
}

/** 'Nilai' of one program: every scored activity with its best score, attempts and feedback. */
export function GradesPage() {
  const programId = useParams().programId ?? '';
  const grades = useQuery(gradesQuery(programId));
  const back = pathTo('program-detail', { programId });

  if (grades.isPending)
    return (
      <Page title="Nilai" back={back}>
        <PageLoading label="Memuat nilai…" />
      </Page>
    );
  if (grades.isError)
    return (
      <Page title="Nilai" back={back}>
        <Alert tone="error">
          <p>{errorMessage(grades.error)}</p>
          <Button variant="secondary" onClick={() => void grades.refetch()}>
            Coba lagi
          </Button>
        </Alert>
      </Page>
    );

  const { program, grades: list } = grades.data;
  return (
    <Page title="Nilai" back={back}>
      <p className="muted">{program.title}</p>
      {list.length === 0 ? (
        <Card>
          <p className="muted">Program ini tidak memiliki kuis atau tugas yang dinilai.</p>
        </Card>
      ) : (
        byTopic(list).map((topic) => (
          <section key={topic.id} className="stack" aria-labelledby={`grades-${topic.id}`}>
            <h2 id={`grades-${topic.id}`}>{topic.name}</h2>
            <ul className="grade-list stack" aria-label={`Nilai ${topic.name}`}>
              {topic.grades.map((grade) => (
                <GradeCard key={grade.activity_id} programId={programId} grade={grade} />
              ))}
            </ul>
          </section>
        ))
      )}
    </Page>
  );
}
