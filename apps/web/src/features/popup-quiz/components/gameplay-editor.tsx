import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  Paper,
  Radio,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { MediaRef } from '@ajar/shared/media/media.schemas';
import { gameplayTypeLabels, popupMessages } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import { ApiError, errorMessage } from '@/api/http';
import { DeleteButton } from '@/components/delete-button';
import { MediaRefField } from '@/components/media-picker/media-ref-field';
import { MediaRefPair } from '@/components/media-ref-pair';
import { useTimedValue } from '@/hooks/use-timed-value';
import {
  fieldErrors,
  newKey,
  questionErrors,
  type OptionForm,
  type QuestionForm,
} from '../lib/popup-quiz-model';
import { OptionList, OptionRow } from './gameplay-option-row';
import { MessagesAlert } from './messages-alert';
import { PointTimerFields } from './point-timer-fields';

export interface GameplayEditorProps {
  /** 1-based number shown as 'Soal N'. */
  number: number;
  question: QuestionForm;
  /**
   * Whether the server has the question as shown ('Tersimpan'); false for a question never saved
   * or edited since its save ('Belum disimpan').
   */
  saved: boolean;
  onChange(next: QuestionForm): void;
  /** Sends the question; rejects with the server's error. */
  onSave(question: QuestionForm): Promise<void>;
  onDelete(): void;
  disabled?: boolean;
}

const emptyOption = (): OptionForm => ({ key: newKey('o'), text: '', image: null, audio: null });

/** The options with the one of `key` changed. */
const patchOption = (options: OptionForm[], key: string, patch: Partial<OptionForm>) =>
  options.map((o) => (o.key === key ? { ...o, ...patch } : o));

/**
 * One pop-up question: the fields of its type (spec 02 §2, §3), the field rules 'Poin harus angka'
 * / 'Timer harus angka', and 'Simpan Soal' after the checks of spec 02 §5, whose messages stay
 * beside the question for 3 s.
 */
export function GameplayEditor({
  number,
  question: q,
  saved,
  onChange,
  onSave,
  onDelete,
  disabled = false,
}: GameplayEditorProps) {
  const [messages, showMessages] = useTimedValue<string[]>([]);
  const [saving, setSaving] = useState(false);
  const fields = fieldErrors(q);
  const set = (patch: Partial<QuestionForm>) => onChange({ ...q, ...patch });
  const busy = disabled || saving;

  const save = async () => {
    if (Object.keys(fields).length > 0) return;
    const errors = questionErrors(q);
    if (errors.length > 0) {
      showMessages(errors);
      return;
    }
    showMessages([]);
    setSaving(true);
    try {
      await onSave(q);
    } catch (error) {
      showMessages(
        error instanceof ApiError && error.validation
          ? [...new Set(Object.values(error.validation))]
          : [errorMessage(error)],
      );
    } finally {
      setSaving(false);
    }
  };

  const hasQuestion = q.type === 'multiple_choice' || q.type === 'jigsaw';

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-label={`Soal ${number}`}
      data-testid="popup-question"
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }} spacing={1}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          Soal {number}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {gameplayTypeLabels[q.type]}
        </Typography>
        <Typography
          variant="caption"
          color={saved ? 'success.main' : 'warning.main'}
          sx={{ ml: 1 }}
        >
          {saved ? 'Tersimpan' : 'Belum disimpan'}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <DeleteButton
          label={`Hapus Soal ${number}`}
          tooltip="Hapus soal"
          onClick={onDelete}
          disabled={busy}
        />
      </Stack>

      <Stack spacing={2}>
        {hasQuestion && (
          <>
            <TextWithMedia
              label="Pertanyaan"
              imageLabel="Gambar pertanyaan"
              audioLabel="Audio pertanyaan"
              value={q}
              onChange={set}
              disabled={busy}
            />
            <ChoiceOptions q={q} onChange={onChange} disabled={busy} />
          </>
        )}
        {q.type === 'matching_word' && <MatchingSides q={q} onChange={onChange} disabled={busy} />}
        {q.type === 'finding_word' && <WordList q={q} onChange={onChange} disabled={busy} />}

        <PointTimerFields question={q} onChange={set} errors={fields} disabled={busy} />

        {q.type !== 'finding_word' && (
          <>
            <Divider />
            <TextWithMedia
              label="Pembahasan"
              imageLabel="Gambar pembahasan"
              audioLabel="Audio pembahasan"
              value={q.explanation}
              onChange={(patch) => set({ explanation: { ...q.explanation, ...patch } })}
              disabled={busy}
            />
          </>
        )}

        <MessagesAlert messages={messages} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={busy || Object.keys(fields).length > 0}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Simpan Soal
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

interface TextMedia {
  text: string;
  image: MediaRef | null;
  audio: MediaRef | null;
}

interface TextWithMediaProps {
  label: string;
  imageLabel: string;
  audioLabel: string;
  value: TextMedia;
  onChange(patch: Partial<TextMedia>): void;
  disabled: boolean;
}

/** A text with its image and audio: the question, or the explanation ('Pembahasan'). */
function TextWithMedia({
  label,
  imageLabel,
  audioLabel,
  value,
  onChange,
  disabled,
}: TextWithMediaProps) {
  return (
    <>
      <TextField
        label={label}
        value={value.text}
        onChange={(e) => onChange({ text: e.target.value })}
        multiline
        minRows={2}
        disabled={disabled}
        fullWidth
      />
      <MediaRefPair
        imageLabel={imageLabel}
        image={value.image}
        onImageChange={(image) => onChange({ image })}
        audioLabel={audioLabel}
        audio={value.audio}
        onAudioChange={(audio) => onChange({ audio })}
        disabled={disabled}
      />
    </>
  );
}

interface PartProps {
  q: QuestionForm;
  onChange(next: QuestionForm): void;
  disabled: boolean;
}

/** Options of multiple choice and jigsaw: text, image, audio, and the correct one. */
function ChoiceOptions({ q, onChange, disabled }: PartProps) {
  const setOption = (key: string, patch: Partial<OptionForm>) =>
    onChange({ ...q, options: patchOption(q.options, key, patch) });
  return (
    <OptionList
      title="Opsi jawaban (pilih jawaban benar)"
      groupLabel="Opsi jawaban"
      addLabel="Tambah Opsi"
      onAdd={() => onChange({ ...q, options: [...q.options, emptyOption()] })}
      disabled={disabled}
    >
      {q.options.map((o, i) => (
        <OptionRow
          key={o.key}
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { md: 'flex-start' } }}
          removeLabel={`Hapus opsi ${i + 1}`}
          onRemove={() =>
            onChange({
              ...q,
              options: q.options.filter((x) => x.key !== o.key),
              correctKey: q.correctKey === o.key ? null : q.correctKey,
            })
          }
          disabled={disabled}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1 }}>
            <Radio
              checked={q.correctKey === o.key}
              onChange={() => onChange({ ...q, correctKey: o.key })}
              disabled={disabled}
              slotProps={{ input: { 'aria-label': `Jawaban benar: opsi ${i + 1}` } }}
            />
            <TextField
              label={`Opsi ${i + 1}`}
              value={o.text}
              onChange={(e) => setOption(o.key, { text: e.target.value })}
              disabled={disabled}
              size="small"
              fullWidth
            />
          </Stack>
          <MediaRefPair
            imageLabel={`Gambar opsi ${i + 1}`}
            image={o.image}
            onImageChange={(image) => setOption(o.key, { image })}
            audioLabel={`Audio opsi ${i + 1}`}
            audio={o.audio}
            onAudioChange={(audio) => setOption(o.key, { audio })}
            disabled={disabled}
            spacing={1.5}
          />
        </OptionRow>
      ))}
    </OptionList>
  );
}

/**
 * Matching word: left and right sides in pairs (left i matches right i). A side holds text or an
 * image, not both: the second one is refused with the spec's message for 3 s.
 */
function MatchingSides({ q, onChange, disabled }: PartProps) {
  const [conflict, showConflict] = useTimedValue<string[]>([]);
  const update = (side: 'options' | 'right', key: string, patch: Partial<OptionForm>) => {
    const list = q[side];
    const current = list.find((o) => o.key === key)!;
    const next = { ...current, ...patch };
    if (next.text.trim() !== '' && next.image) {
      showConflict([popupMessages.textOrImage]);
      return;
    }
    onChange({ ...q, [side]: patchOption(list, key, patch) });
  };
  const rows = Math.max(q.options.length, q.right.length);
  const sideCell = (side: 'options' | 'right', i: number) => {
    const o = q[side][i];
    const name = side === 'options' ? 'Kiri' : 'Kanan';
    if (!o) return <Box sx={{ flex: 1 }} />;
    return (
      <Stack spacing={1} sx={{ flex: 1 }} role="group" aria-label={`Sesi ${name} opsi ${i + 1}`}>
        <TextField
          label={`${name} ${i + 1}`}
          value={o.text}
          onChange={(e) => update(side, o.key, { text: e.target.value })}
          disabled={disabled}
          size="small"
          fullWidth
        />
        <MediaRefField
          type="image"
          label={`Gambar ${name.toLowerCase()} ${i + 1}`}
          value={o.image}
          onChange={(image) => update(side, o.key, { image })}
          disabled={disabled}
        />
      </Stack>
    );
  };
  return (
    <OptionList
      title="Pasangan kata (Opsi Kiri ↔ Opsi Kanan)"
      addLabel="Tambah Pasangan"
      onAdd={() =>
        onChange({
          ...q,
          options: [...q.options, emptyOption()],
          right: [...q.right, emptyOption()],
        })
      }
      disabled={disabled}
    >
      {conflict.length > 0 && (
        <Alert severity="warning" role="alert">
          {conflict[0]}
        </Alert>
      )}
      {Array.from({ length: rows }, (_, i) => (
        <OptionRow
          key={q.options[i]?.key ?? q.right[i]?.key ?? i}
          direction="row"
          spacing={2}
          removeLabel={`Hapus pasangan ${i + 1}`}
          removeSx={{ alignSelf: 'flex-start' }}
          onRemove={() =>
            onChange({
              ...q,
              options: q.options.filter((_, j) => j !== i),
              right: q.right.filter((_, j) => j !== i),
            })
          }
          disabled={disabled}
        >
          {sideCell('options', i)}
          {sideCell('right', i)}
        </OptionRow>
      ))}
    </OptionList>
  );
}

/** Word search: the words to find. */
function WordList({ q, onChange, disabled }: PartProps) {
  return (
    <OptionList
      title="Daftar kata yang dicari"
      groupLabel="Daftar kata"
      addLabel="Tambah Kata"
      onAdd={() => onChange({ ...q, options: [...q.options, emptyOption()] })}
      disabled={disabled}
    >
      {q.options.map((o, i) => (
        <OptionRow
          key={o.key}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center' }}
          removeLabel={`Hapus kata ${i + 1}`}
          onRemove={() => onChange({ ...q, options: q.options.filter((x) => x.key !== o.key) })}
          disabled={disabled}
        >
          <TextField
            label={`Kata ${i + 1}`}
            value={o.text}
            onChange={(e) =>
              onChange({ ...q, options: patchOption(q.options, o.key, { text: e.target.value }) })
            }
            disabled={disabled}
            size="small"
            sx={{ maxWidth: 320 }}
            fullWidth
          />
        </OptionRow>
      ))}
    </OptionList>
  );
}
