import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  isWorkFileName,
  memberLimits,
  memberMessages,
  workFileExtensions,
  workFormats,
} from '@ajar/shared/members/members.constants';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { formatScore } from '@ajar/shared/common/format';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ProgressBar } from '../../../components/progress-bar';
import { uploadWork } from '../api/activities-api';
import { activityKeys } from '../api/activity-keys';
import { readContent } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { RichText } from './rich-text';

// Extensions and types both: some phones' pickers only honour one of them.
const accept = [...workFileExtensions.map((e) => `.${e}`), ...Object.values(workFormats)].join(',');

/** The same rules as the server: a known extension and at most 20 MB (the server reads bytes). */
export function checkWorkFile(file: File): string | null {
  if (!isWorkFileName(file.name)) return memberMessages.workUnsupported;
  if (file.size > memberLimits.workFileBytes) return memberMessages.workTooLarge;
  if (file.size === 0) return memberMessages.fileRequired;
  return null;
}

const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.ceil(bytes / 1024)} KB`
      : `${formatScore(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;

/** Practice work: the task, 'Unggah Tugas' with progress, and the trainer's score and feedback. */
export function PracticeWorkActivity({ programId, activity }: ActivityProps) {
  const queryClient = useQueryClient();
  const content = readContent(activity);
  const fileId = useId();
  const noteId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(memberMessages.fileRequired);
      return;
    }
    const problem = checkWorkFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setDone(null);
    setProgress(0);
    uploadWork(programId, activity.id, file, note, setProgress)
      .then(() => {
        setDone(memberMessages.workUploaded);
        setFile(null);
        return queryClient.invalidateQueries({ queryKey: activityKeys.program(programId) });
      })
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => setProgress(null));
  };

  const upload = activity.upload;
  const feedback = activity.feedback;
  return (
    <>
      <Card className="stack">
        <h2>Tugas</h2>
        <RichText html={content.description ?? ''} label="Deskripsi tugas" />
      </Card>
      {upload && (
        <Card className="stack" aria-labelledby="work-sent">
          <h2 id="work-sent">Tugas terkirim</h2>
          <dl className="definition-list">
            <dt>File</dt>
            <dd>
              {upload.name ?? '—'} {sizeText(upload.size)}
            </dd>
            <dt>Dikirim</dt>
            <dd>{formatDateTime(upload.uploaded_at)}</dd>
            {upload.note && (
              <>
                <dt>Catatan</dt>
                <dd>{upload.note}</dd>
              </>
            )}
          </dl>
          {feedback ? (
            <section className="stack" aria-label="Nilai dan respon pelatih">
              <h3>
                Nilai dari pelatih: {feedback.score === null ? '—' : formatScore(feedback.score)}
              </h3>
              {feedback.text && <p>{feedback.text}</p>}
            </section>
          ) : (
            <p className="muted">Menunggu nilai dan respon dari pelatih.</p>
          )}
        </Card>
      )}
      <Card as="section" className="stack" aria-labelledby="work-upload">
        <h2 id="work-upload">{upload ? 'Unggah ulang tugas' : 'Unggah Tugas'}</h2>
        <form className="stack" onSubmit={submit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={fileId}>
              File tugas
            </label>
            <input
              id={fileId}
              className="file-input"
              type="file"
              accept={accept}
              aria-describedby={`${fileId}-hint`}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                const picked = e.target.files?.[0] ?? null;
                setFile(picked);
                setDone(null);
                setError(picked ? checkWorkFile(picked) : null);
              }}
            />
            <p className="field__hint" id={`${fileId}-hint`}>
              PDF, JPG/JPEG, PNG, WEBP, Word, Excel, PowerPoint atau ZIP, maksimal 20 MB.
            </p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={noteId}>
              Catatan (opsional)
            </label>
            <textarea
              id={noteId}
              className="field__input"
              rows={3}
              maxLength={memberLimits.workNote}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          {progress !== null && <ProgressBar value={progress * 100} label="Mengunggah tugas" />}
          {error && <Alert tone="error">{error}</Alert>}
          {done && <Alert tone="success">{done}</Alert>}
          <Button type="submit" block busy={progress !== null}>
            Unggah Tugas
          </Button>
        </form>
      </Card>
    </>
  );
}
