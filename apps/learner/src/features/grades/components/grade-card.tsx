import { Link } from 'react-router';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import { formatScore } from '@ajar/shared/common/format';
import { formatDate } from '@ajar/shared/common/datetime';
import type { MemberGrade } from '@ajar/shared/members/member-grades.schemas';
import { pathTo } from '../../../routes/paths';

function attemptsText(attempts: NonNullable<MemberGrade['attempts']>): string {
  if (attempts.used === 0) return 'Belum dikerjakan';
  return attempts.allowed === null
    ? `${attempts.used} kali dikerjakan (tanpa batas kesempatan)`
    : `${attempts.used} dari ${attempts.allowed} kesempatan terpakai`;
}

function statusOf(grade: MemberGrade): { label: string; tone: 'pass' | 'fail' | 'wait' } | null {
  if (grade.kind === 'work') {
    if (!grade.uploaded_at) return null;
    return grade.feedback
      ? { label: 'Sudah dinilai', tone: 'pass' }
      : { label: 'Menunggu penilaian', tone: 'wait' };
  }
  if (grade.passed === null) return null;
  return grade.passed ? { label: 'Lulus', tone: 'pass' } : { label: 'Belum lulus', tone: 'fail' };
}

/** One scored activity on 'Nilai': its score, status, attempts and the trainer's feedback. */
export function GradeCard({ programId, grade }: { programId: string; grade: MemberGrade }) {
  const status = statusOf(grade);
  const headingId = `grade-${grade.activity_id}`;
  return (
    <li className="grade-card stack" aria-labelledby={headingId}>
      <div className="grade-card__head">
        <div className="grade-card__title">
          <Link
            id={headingId}
            className="grade-card__name"
            to={pathTo('activity', { programId, activityId: grade.activity_id })}
          >
            {grade.name}
          </Link>
          <span className="muted">{activityTypeLabel(grade.type)}</span>
        </div>
        <div className="grade-card__score">
          <span className="grade-card__value" aria-label={`Nilai ${grade.name}`}>
            {grade.score === null ? '–' : formatScore(grade.score)}
          </span>
          {status && (
            <span className={`grade-status grade-status--${status.tone}`}>{status.label}</span>
          )}
        </div>
      </div>
      <ul className="grade-card__facts">
        {grade.score_hidden && <li>Nilai aktivitas ini tidak ditampilkan kepada peserta.</li>}
        {grade.minimum !== null && <li>Nilai minimal untuk lulus: {formatScore(grade.minimum)}</li>}
        {grade.attempts && <li>{attemptsText(grade.attempts)}</li>}
        {grade.kind === 'work' && (
          <li>
            {grade.uploaded_at
              ? `Tugas diunggah ${formatDate(grade.uploaded_at)}`
              : 'Tugas belum diunggah'}
          </li>
        )}
      </ul>
      {grade.feedback && (
        <section
          className="grade-card__feedback"
          aria-label={`Umpan balik pelatih untuk ${grade.name}`}
        >
          <h3>Umpan balik pelatih</h3>
          {grade.feedback.score !== null && (
            <p>Nilai dari pelatih: {formatScore(grade.feedback.score)}</p>
          )}
          {grade.feedback.text && <p>{grade.feedback.text}</p>}
          <p className="muted">{formatDate(grade.feedback.at)}</p>
        </section>
      )}
    </li>
  );
}
