import { useEffect, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { quizMessages, sectionLoadingMs } from '@ajar/shared/quiz/quiz.constants';
import type { Packet } from '@ajar/shared/quiz/quiz.schemas';
import { errorMessage } from '@/api/http';
import { useReportDirty } from '@/hooks/use-report-dirty';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';
import type { QuizActivityPath } from '../api/quiz-keys';
import {
  emptySection,
  groupToDraft,
  isSectionDirty,
  type SectionDraft,
} from '../lib/question-form-model';
import { SectionCard } from './section-card';
import { useQuizNotify } from './use-quiz-notify';

export interface PacketPanelProps {
  path: QuizActivityPath;
  packet: Packet;
  /** 1-based number shown as 'Paket Soal N'. */
  number: number;
  expanded: boolean;
  onToggle(): void;
  /** Opens the 'Hapus Paket Soal' confirmation. */
  onAskDelete(): void;
  /**
   * Whether a section of this packet holds unsaved changes; called when that changes, and with
   * false when the panel goes away (a deleted packet).
   */
  onDirtyChange?(packetId: string, dirty: boolean): void;
}

/**
 * The blocking 'Harap menunggu load data soal' dialog (spec 02 §2): shown while the sections load
 * and for at least 400 ms, so it never flickers.
 */
function useLoadingOverlay(loading: boolean): boolean {
  const [holdUntil, setHoldUntil] = useState(0);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (loading) setHoldUntil(Date.now() + sectionLoadingMs);
  }, [loading]);
  const remaining = holdUntil - Date.now();
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), remaining);
    return () => clearTimeout(timer);
  }, [remaining]);
  return loading || remaining > 0;
}

/** One packet 'Paket Soal N' with its sections, loaded when it is opened. */
export function PacketPanel({
  path,
  packet,
  number,
  expanded,
  onToggle,
  onAskDelete,
  onDirtyChange,
}: PacketPanelProps) {
  const notify = useQuizNotify();
  const groups = useGroups(path, packet.id, expanded);
  const removeGroup = useDeleteGroup(path, packet.id);
  const [drafts, setDrafts] = useState<SectionDraft[] | null>(null);
  const overlay = useLoadingOverlay(expanded && groups.isLoading);

  // The loaded sections become the editable drafts once; later edits live here.
  useEffect(() => {
    if (groups.data && drafts === null) setDrafts(groups.data.map(groupToDraft));
  }, [groups.data, drafts]);

  // Unsaved: a section never saved, or one that differs from what the server last returned.
  useReportDirty(drafts?.some(isSectionDirty) ?? false, (dirty) =>
    onDirtyChange?.(packet.id, dirty),
  );

  const titleId = `packet-${packet.id}-title`;
  const sections = drafts ?? [];

  const updateSection = (key: string, next: SectionDraft) =>
    setDrafts((list) => (list ?? []).map((s) => (s.key === key ? next : s)));

  const deleteSection = async (section: SectionDraft) => {
    // A section that was never saved exists only here (spec 02 §4, version A).
    if (section.groupId) await removeGroup.mutateAsync(section.groupId);
    setDrafts((list) => (list ?? []).filter((s) => s.key !== section.key));
    notify.success(quizMessages.groupDeleted);
  };

  const addSection = () => setDrafts((list) => [...(list ?? []), emptySection()]);

  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ '&:before': { display: 'none' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', pr: 1 }}>
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          aria-controls={`packet-${packet.id}-content`}
          id={titleId}
          sx={{ flex: 1 }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
              Paket Soal {number}
            </Typography>
            <Chip size="small" label={`${packet.total_question} soal`} />
          </Stack>
        </AccordionSummary>
        <Tooltip title={quizMessages.deletePacketTitle}>
          <IconButton aria-label={`Hapus paket soal ${number}`} color="error" onClick={onAskDelete}>
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      </Stack>
      <AccordionDetails id={`packet-${packet.id}-content`} sx={{ pt: 0 }}>
        {groups.error ? (
          <Alert severity="error">{errorMessage(groups.error)}</Alert>
        ) : drafts === null ? (
          <Box sx={{ py: 3, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress size={24} aria-label="Memuat section" />
          </Box>
        ) : sections.length === 0 ? (
          <Stack spacing={1.5} sx={{ py: 2, alignItems: 'center' }}>
            <Typography color="text.secondary">{quizMessages.noSections}</Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={addSection}>
              Buat Section
            </Button>
          </Stack>
        ) : (
          <Stack spacing={2}>
            {sections.map((section, i) => (
              <SectionCard
                key={section.key}
                path={path}
                packetId={packet.id}
                number={i + 1}
                value={section}
                onChange={(next) => updateSection(section.key, next)}
                onDelete={() => deleteSection(section)}
              />
            ))}
            <Box>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={addSection}>
                Tambah section
              </Button>
            </Box>
          </Stack>
        )}
      </AccordionDetails>
      <Dialog open={overlay} aria-labelledby={`${titleId}-loading`}>
        <DialogContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={22} />
            <Typography id={`${titleId}-loading`}>{quizMessages.loading}</Typography>
          </Stack>
        </DialogContent>
      </Dialog>
    </Accordion>
  );
}
