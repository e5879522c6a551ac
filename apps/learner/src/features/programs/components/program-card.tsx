import type { MyProgram } from '@ajar/shared/members/members.schemas';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/button';
import { Card } from '../../../components/card';
import { ProgressBar } from '../../../components/progress-bar';
import { pathTo } from '../../../routes/paths';
import { useDataSaver } from '../../../lib/data-saver';

/**
 * One program of 'Program Saya': cover, title, progress and the next activity to do. With
 * 'Hemat data' the cover is not loaded (the server has no smaller copy of it).
 */
export function ProgramCard({ item }: { item: MyProgram }) {
  const [saveData] = useDataSaver();
  const programId = item.program.id;
  const next = item.next_activity;
  const done = item.progress >= 100;
  return (
    <Card as="li" flush className="program-card">
      {item.cover_url && !saveData ? (
        <img className="program-card__cover" src={item.cover_url} alt="" loading="lazy" />
      ) : (
        <div className="program-card__cover program-card__cover--empty" aria-hidden="true" />
      )}
      <div className="card__body stack">
        <h2 className="program-card__title">
          <Link to={pathTo('program-detail', { programId })}>{item.program.title}</Link>
        </h2>
        <ProgressBar value={item.progress} label="Progres" name={`Progres ${item.program.title}`} />
        {next ? (
          <div className="stack program-card__next">
            <p className="muted">
              Berikutnya: <strong>{next.title}</strong>
            </p>
            <LinkButton to={pathTo('activity', { programId, activityId: next.id })} block>
              {item.progress > 0 ? 'Lanjutkan belajar' : 'Mulai belajar'}
            </LinkButton>
          </div>
        ) : (
          <div className="stack program-card__next">
            {done && <p className="program-card__done">Program selesai</p>}
            <LinkButton to={pathTo('program-detail', { programId })} variant="secondary" block>
              Lihat program
            </LinkButton>
          </div>
        )}
      </div>
    </Card>
  );
}
