import { useQuery } from '@tanstack/react-query';
import { agendaTexts } from '@ajar/shared/agenda/agenda.constants';
import type { AgendaItem } from '@ajar/shared/agenda/agenda.schemas';
import { formatLongDate } from '@ajar/shared/common/datetime';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Card } from '../../../components/card';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { agendaQuery } from '../api/agenda-api';
import { AgendaEntry } from '../components/agenda-entry';
import '../agenda.css';

/** The entries by WIB day, in the server's (time) order. */
function byDay(list: AgendaItem[]): { day: string; items: AgendaItem[] }[] {
  const days: { day: string; items: AgendaItem[] }[] = [];
  for (const item of list) {
    const day = formatLongDate(item.at);
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
}

/**
 * 'Agenda': what comes next across the participant's programs for the next 30 days — meetings
 * with their check-in windows, openings, quiz deadlines, program ends — grouped by day.
 */
export function AgendaPage() {
  const agenda = useQuery(agendaQuery);
  return (
    <Page title={agendaTexts.title}>
      {agenda.isPending && <PageLoading label="Memuat agenda…" />}
      {agenda.isError && <Alert tone="error">{errorMessage(agenda.error)}</Alert>}
      {agenda.isSuccess && agenda.data.list.length === 0 && (
        <Card>
          <p className="muted">{agendaTexts.empty}</p>
        </Card>
      )}
      {agenda.isSuccess &&
        byDay(agenda.data.list).map(({ day, items }) => (
          <section key={day} className="agenda-day" aria-label={day}>
            <h2 className="agenda-day__title">{day}</h2>
            <ul className="agenda-list">
              {items.map((item) => (
                <AgendaEntry key={item.key} item={item} />
              ))}
            </ul>
          </section>
        ))}
      {agenda.data?.truncated && <p className="muted">{agendaTexts.truncated}</p>}
    </Page>
  );
}
