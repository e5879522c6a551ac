import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Schedule } from '@ajar/shared/activities/activities.rules';
import { formatClockRange } from '@ajar/shared/common/datetime';
import { findOccurrence } from '@ajar/shared/attendance/attendance.rules';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { queuedText } from '@ajar/player/lib/player-texts';
import { useQueued } from '../../../hooks/use-queued';
import { onQueuedSent } from '../../../lib/offline-queue';
import { checkIn, queueSlots } from '../api/activities-api';
import { activityKeys } from '../api/activity-keys';
import { readContent } from '../lib/activity-content';
import { meetingDriveLink, meetingScheduleLines } from '../lib/meeting';
import type { ActivityProps } from './activity-props';
import { RichText } from './rich-text';

/**
 * A meeting (online or offline discussion): its schedule, its link, and 'Presensi', which opens
 * only inside a schedule window (from 15 minutes before its start until its end, as the server
 * checks). A check-in made offline waits on the device and is sent once back online.
 */
export function MeetingActivity({ programId, activity }: ActivityProps) {
  const queryClient = useQueryClient();
  const content = readContent(activity);
  const meeting = content.meeting;
  const [now, setNow] = useState(() => new Date());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{
    tone: 'error' | 'success' | 'info';
    text: string;
  } | null>(null);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const slot = queueSlots.attendance(activity.id);
  const waiting = useQueued(slot);
  // The check-in kept offline was sent: its answer shows here.
  useEffect(
    () =>
      onQueuedSent((call, outcome) => {
        if (call.slot !== slot) return;
        if ('error' in outcome) {
          setMessage({ tone: 'error', text: outcome.error.message });
          return true;
        }
        setMessage({ tone: 'success', text: 'Presensi berhasil' });
        void queryClient.invalidateQueries({ queryKey: activityKeys.program(programId) });
      }),
    [slot, queryClient, programId],
  );

  // Days come from the server as stored; the rule skips a day name it does not know.
  const schedule = meeting
    ? ({ is_day: meeting.is_day, days: meeting.days, dates: meeting.dates } as Schedule)
    : null;
  const open = schedule ? findOccurrence(schedule, now) : null;
  const lines = schedule ? meetingScheduleLines(schedule) : [];
  const driveLink = meetingDriveLink(content.link_embed);

  const presensi = () => {
    setBusy(true);
    setMessage(null);
    checkIn(programId, activity.id)
      .then((sent) => {
        if (sent.queued) setMessage({ tone: 'info', text: queuedText });
        else {
          setMessage({ tone: 'success', text: 'Presensi berhasil' });
          void queryClient.invalidateQueries({ queryKey: activityKeys.program(programId) });
        }
      })
      .catch((e: unknown) => setMessage({ tone: 'error', text: errorMessage(e) }))
      .finally(() => setBusy(false));
  };

  return (
    <>
      <Card className="stack">
        <h2>Jadwal</h2>
        {lines.length ? (
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">Jadwal belum diatur.</p>
        )}
        {meeting?.link && (
          <p>
            <a href={meeting.link} target="_blank" rel="noopener noreferrer">
              Buka tautan pertemuan (tab baru)
            </a>
          </p>
        )}
        {driveLink && (
          <p>
            <a href={driveLink} target="_blank" rel="noopener noreferrer">
              Buka materi di Google Drive (tab baru)
            </a>
          </p>
        )}
        <RichText html={content.description ?? ''} label="Deskripsi aktivitas" />
      </Card>
      <Card className="stack">
        <h2>Presensi</h2>
        {activity.is_complete ? (
          <Alert tone="success">Anda sudah presensi. Aktivitas selesai.</Alert>
        ) : open ? (
          <p>Presensi dibuka untuk jadwal {formatClockRange(open.starts_at, open.ends_at)}.</p>
        ) : (
          <p className="muted">Presensi hanya dapat dilakukan saat jadwal berlangsung.</p>
        )}
        {!activity.is_complete && (
          <Button block busy={busy} disabled={!open || waiting} onClick={presensi}>
            {waiting ? 'Menunggu koneksi…' : 'Presensi'}
          </Button>
        )}
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </Card>
    </>
  );
}
