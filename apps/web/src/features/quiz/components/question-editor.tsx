import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { quizMessages } from '@ajar/shared/quiz/quiz.constants';
import { errorMessage } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useReportDirty } from '@/hooks/use-report-dirty';
import { useCreatePacket } from '../api/create-packet';
import { useDeletePacket } from '../api/delete-packet';
import { usePackets } from '../api/get-packets';
import type { QuizActivityPath } from '../api/quiz-keys';
import { PacketPanel } from './packet-panel';
import { useQuizNotify } from './use-quiz-notify';

export interface QuestionEditorProps {
  programId: string;
  topicId: string;
  /** The saved quiz-type activity (quiz, pre_test, post_test, exam). */
  activityId: string;
  /**
   * Whether a section holds changes the server does not have (a new section, an edited name,
   * minimal score or question); called when that changes, and with false on unmount.
   */
  onDirtyChange?(dirty: boolean): void;
}

/**
 * Enter in a one-line field must not submit the activity form around this editor; the editor
 * saves with its own buttons.
 */
function keepEnterInside(event: KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
}

/**
 * The 'Pertanyaan' tab of a quiz-type activity: packets 'Paket Soal N' → sections with 'Nama' and
 * 'Minimal Score' → numbered questions (spec 02 §2, versions A and B in one editor).
 */
export function QuestionEditor({
  programId,
  topicId,
  activityId,
  onDirtyChange,
}: QuestionEditorProps) {
  const path: QuizActivityPath = { programId, topicId, activityId };
  const notify = useQuizNotify();
  const packets = usePackets(path);
  const create = useCreatePacket(path);
  const remove = useDeletePacket(path);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [toDelete, setToDelete] = useState<{ id: string; number: number } | null>(null);
  const [dirtyPackets, setDirtyPackets] = useState<ReadonlySet<string>>(() => new Set());

  const reportPacket = useCallback((packetId: string, dirty: boolean) => {
    setDirtyPackets((set) => {
      if (set.has(packetId) === dirty) return set;
      const next = new Set(set);
      if (dirty) next.add(packetId);
      else next.delete(packetId);
      return next;
    });
  }, []);
  useReportDirty(dirtyPackets.size > 0, onDirtyChange);

  // The first packet opens by itself, once.
  useEffect(() => {
    if (packets.data && expanded === null) {
      setExpanded(packets.data[0] ? [packets.data[0].id] : []);
    }
  }, [packets.data, expanded]);

  const toggle = (id: string) =>
    setExpanded((list) =>
      (list ?? []).includes(id) ? (list ?? []).filter((x) => x !== id) : [...(list ?? []), id],
    );

  const addPacket = () =>
    create.mutate(undefined, {
      onSuccess: (packet) => {
        setExpanded((list) => [...(list ?? []), packet.id]);
        notify.success(quizMessages.packetCreated);
      },
      onError: notify.failed,
    });

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        notify.success(quizMessages.packetDeleted);
      },
      onError: (error) => {
        setToDelete(null);
        notify.failed(error);
      },
    });
  };

  if (packets.error) return <Alert severity="error">{errorMessage(packets.error)}</Alert>;
  if (!packets.data) {
    return (
      <Stack spacing={1.5} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }

  const list = packets.data;
  // An activity without packets (or without questions) cannot be taken yet: say so with the
  // messages of the save rules (spec 02 §5).
  const warning =
    list.length === 0
      ? quizMessages.packetsEmpty
      : list.every((p) => p.total_question === 0)
        ? quizMessages.questionEmpty
        : undefined;

  return (
    <Box onKeyDown={keepEnterInside}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2 }}
      >
        <Typography variant="body2" color="text.secondary">
          Setiap paket soal berisi section dengan nama dan minimal score. Simpan setiap section
          setelah soalnya diisi.
        </Typography>
        {list.length > 0 && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={addPacket}
            disabled={create.isPending}
            sx={{ flexShrink: 0 }}
          >
            Tambah paket soal
          </Button>
        )}
      </Stack>
      {warning && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
      )}
      {list.length === 0 ? (
        <Stack
          spacing={1.5}
          sx={{
            py: 5,
            alignItems: 'center',
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <Typography color="text.secondary">{quizMessages.noPackets}</Typography>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={addPacket}
            disabled={create.isPending}
          >
            Buat Paket Soal
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          {list.map((packet, i) => (
            <PacketPanel
              key={packet.id}
              path={path}
              packet={packet}
              number={i + 1}
              expanded={(expanded ?? []).includes(packet.id)}
              onToggle={() => toggle(packet.id)}
              onAskDelete={() => setToDelete({ id: packet.id, number: i + 1 })}
              onDirtyChange={reportPacket}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={quizMessages.deletePacketTitle}
        message={quizMessages.deletePacketText}
        confirmLabel="Hapus"
        confirmColor="error"
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
}
