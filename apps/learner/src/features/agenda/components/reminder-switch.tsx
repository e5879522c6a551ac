import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agendaTexts } from '@ajar/shared/agenda/agenda.constants';
import { errorMessage } from '../../../api/http';
import { reminderSettingQuery, setReminders } from '../api/agenda-api';
import '../agenda.css';

/** 'Pengingat' (the profile): reminders before meetings and deadlines, on or off. */
export function ReminderSwitch() {
  const client = useQueryClient();
  const setting = useQuery(reminderSettingQuery);
  const change = useMutation({
    mutationFn: setReminders,
    onSuccess: (data) => client.setQueryData(reminderSettingQuery.queryKey, data),
  });
  const enabled = change.isPending ? change.variables : setting.data?.enabled;
  const failure = setting.error ?? change.error;
  return (
    <div className="stack" style={{ gap: '0.25rem' }}>
      <label className="switch-row">
        <span>{agendaTexts.reminders}</span>
        <input
          type="checkbox"
          role="switch"
          checked={enabled ?? false}
          disabled={enabled === undefined || change.isPending}
          aria-describedby="reminder-switch-hint"
          onChange={(event) => change.mutate(event.target.checked)}
        />
      </label>
      <span id="reminder-switch-hint" className="muted">
        {enabled === false ? agendaTexts.remindersOff : agendaTexts.remindersHint}
      </span>
      {failure && (
        <p className="field__error" role="alert">
          {errorMessage(failure)}
        </p>
      )}
    </div>
  );
}
