import { useState } from 'react';
import { Link } from 'react-router';
import { agendaTexts } from '@ajar/shared/agenda/agenda.constants';
import type { AgendaItem } from '@ajar/shared/agenda/agenda.schemas';
import { formatClock, formatEventTime } from '@ajar/shared/common/datetime';
import { errorMessage } from '../../../api/http';
import { Button } from '../../../components/button';
import { pathTo } from '../../../routes/paths';
import { downloadMeetingCalendar } from '../api/agenda-api';

/** Where an entry leads: its activity, or the program for the program's end. */
function entryPath(item: AgendaItem): string {
  return item.activity
    ? pathTo('activity', { programId: item.program.id, activityId: item.activity.id })
    : pathTo('program-detail', { programId: item.program.id });
}

/** What the entry says beneath its name: when it opens, the check-in window, the deadline. */
function detail(item: AgendaItem): string {
  switch (item.kind) {
    case 'meeting':
      return item.checked_in
        ? agendaTexts.checkedIn
        : agendaTexts.checkInWindow(
            formatClock(item.checkin_opens_at ?? item.at),
            formatClock(item.ends_at ?? item.at),
          );
    case 'opens':
      return agendaTexts.opensAt(formatEventTime(item.at));
    case 'deadline':
    case 'program_end':
      return `${agendaTexts.kind[item.kind]}: ${formatClock(item.at)}`;
  }
}

/** One entry of the agenda: it opens its activity; a meeting also offers its calendar file. */
export function AgendaEntry({ item }: { item: AgendaItem }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function addToCalendar(activityId: string, occurrence: string) {
    setBusy(true);
    setError(null);
    try {
      await downloadMeetingCalendar(activityId, occurrence);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={`agenda-entry agenda-entry--${item.kind}`}>
      <Link to={entryPath(item)} className="agenda-entry__link">
        <span className="agenda-entry__time">
          <time dateTime={item.at}>{formatClock(item.at)}</time>
          <span className="agenda-entry__kind">{agendaTexts.kind[item.kind]}</span>
        </span>
        <span className="agenda-entry__title">{item.activity?.name ?? item.program.title}</span>
        <span className="agenda-entry__detail">{detail(item)}</span>
        {item.activity && <span className="agenda-entry__program">{item.program.title}</span>}
      </Link>
      {item.kind === 'meeting' && item.activity && item.occurrence && (
        <div className="agenda-entry__actions">
          <Button
            variant="secondary"
            busy={busy}
            aria-label={`${agendaTexts.addToCalendar}: ${item.activity.name}, ${formatEventTime(item.at)}`}
            onClick={() => void addToCalendar(item.activity!.id, item.occurrence!)}
          >
            {agendaTexts.addToCalendar}
          </Button>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
