import { useCallback, useMemo, useRef, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router';
import { activityMessages, activitySnackbarMs } from '@ajar/shared/activities/activities.constants';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { popupMessages } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import { firstUnsetSetting } from '@ajar/shared/popup-quiz/popup-quiz.rules';
import { errorMessage } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useReportDirty } from '@/hooks/use-report-dirty';
import { useTimedValue } from '@/hooks/use-timed-value';
import { pathTo } from '@/routes/paths';
import {
  deleteGameplay,
  saveGameplay,
  useGameplays,
  useSaveActivityQuiz,
} from '../api/popup-quiz-api';
import {
  freeSecond,
  gameplayBody,
  newKey,
  quizzesBody,
  quizzesFromActivity,
  settingBody,
  settingDraft,
  settingFromActivity,
  type QuestionForm,
  type QuizForm,
  type SettingForm,
} from '../lib/popup-quiz-model';
import {
  isPopupDirty,
  popupBaseline,
  unsavedQuestionKeys,
  withSavedQuestion,
  withStoredQuiz,
  withoutQuestions,
} from '../lib/popup-dirty';
import { MessagesAlert } from './messages-alert';
import { PopupQuizCard } from './popup-quiz-card';
import { PopupSettingsForm } from './popup-settings-form';

export interface PopupQuizEditorProps {
  programId: string;
  topicId: string;
  /** The saved video activity. */
  activity: Activity;
  /**
   * Whether the tab holds changes the server does not have (settings, a pop-up quiz, its second
   * or instruction, a question); called when that changes, and with false on unmount.
   */
  onDirtyChange?(dirty: boolean): void;
}

/**
 * The 'Pop up Quiz' tab of a video activity (spec 02 §2 'Pop-up quiz screen'): settings, then the
 * pop-up quizzes, each at a second of the video chosen on a scrubber, with their questions.
 */
export function PopupQuizEditor({
  programId,
  topicId,
  activity,
  onDirtyChange,
}: PopupQuizEditorProps) {
  const ids = useMemo(
    () => activity.quiz?.quizzes.flatMap((q) => q.gameplays) ?? [],
    [activity.quiz],
  );
  const gameplays = useGameplays(ids);
  if (gameplays.error) {
    return (
      <Alert severity="error">
        <AlertTitle>Pop Up Quiz tidak dapat dimuat</AlertTitle>
        {errorMessage(gameplays.error)}
      </Alert>
    );
  }
  if (!gameplays.data) {
    return (
      <Stack spacing={2}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  }
  return (
    <PopupQuizWorkspace
      programId={programId}
      topicId={topicId}
      activity={activity}
      initialQuizzes={quizzesFromActivity(activity.quiz, gameplays.data)}
      onDirtyChange={onDirtyChange}
    />
  );
}

type PopupTab = 'settings' | 'quizzes';

type Pending =
  | { kind: 'quiz'; quizKey: string }
  | { kind: 'question'; quizKey: string; question: QuestionForm }
  | null;

function PopupQuizWorkspace({
  programId,
  topicId,
  activity,
  initialQuizzes,
  onDirtyChange,
}: PopupQuizEditorProps & { initialQuizzes: QuizForm[] }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const saveQuiz = useSaveActivityQuiz({ programId, topicId, id: activity.id });

  const [setting, setSetting] = useState<SettingForm>(() => settingFromActivity(activity.quiz));
  // Spec 02 §4: the second tab stays disabled until the settings are saved.
  const [settingsSaved, setSettingsSaved] = useState(activity.quiz !== null);
  const [stored, setStored] = useState(activity.quiz !== null);
  const [tab, setTab] = useState<PopupTab>(activity.quiz ? 'quizzes' : 'settings');
  const [quizzes, setQuizzesState] = useState<QuizForm[]>(initialQuizzes);
  const quizzesRef = useRef(quizzes);
  const setQuizzes = useCallback((next: QuizForm[]) => {
    quizzesRef.current = next;
    setQuizzesState(next);
  }, []);
  const [expanded, setExpanded] = useState<string | null>(initialQuizzes[0]?.key ?? null);
  const [duration, setDuration] = useState<number | undefined>(undefined);
  const [pending, setPending] = useState<Pending>(null);
  const [deleting, setDeleting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [settingMessages, showSettingMessages] = useTimedValue<string[]>([]);
  const [quizMessages, showQuizMessages] = useTimedValue<string[]>([]);
  // What the server last returned or accepted; the tab is unsaved while it differs.
  const [baseline, setBaseline] = useState(() =>
    popupBaseline(settingFromActivity(activity.quiz), initialQuizzes),
  );
  // Questions the server lacks as shown: labelled 'Belum disimpan', and the tab is unsaved.
  const unsaved = useMemo(() => unsavedQuestionKeys(baseline, quizzes), [baseline, quizzes]);
  useReportDirty(isPopupDirty(baseline, setting, quizzes, unsaved), onDirtyChange);

  const videoUrl = activity.content.file?.url ?? null;
  const hasGameplays = quizzes.some((q) => q.questions.some((question) => question.id));
  const snack = (message: string, variant: 'success' | 'error' | 'info') =>
    enqueueSnackbar(message, { variant, autoHideDuration: activitySnackbarMs });

  /** update-quiz with the settings and every quiz that has saved questions. */
  const persist = async (list: QuizForm[]): Promise<boolean> => {
    const sentSetting = setting;
    try {
      const saved = await saveQuiz.mutateAsync({
        setting: settingBody(sentSetting),
        quizzes: quizzesBody(list),
      });
      setBaseline((b) => withStoredQuiz(b, sentSetting, list));
      // New quizzes get their stored id (found by their second, unique per video).
      const bySecond = new Map(saved.quiz?.quizzes.map((q) => [q.second, q.id]) ?? []);
      setQuizzes(quizzesRef.current.map((q) => (q.id ? q : { ...q, id: bySecond.get(q.second) })));
      snack(stored ? popupMessages.quizUpdated : popupMessages.quizSaved, 'success');
      setStored(true);
      return true;
    } catch (error) {
      snack(activityMessages.error(errorMessage(error)), 'error');
      return false;
    }
  };

  const checkSettings = (): boolean => {
    const unset = firstUnsetSetting(settingDraft(setting));
    if (unset) {
      showSettingMessages([unset]);
      setTab('settings');
      return false;
    }
    if (Number(setting.minimum_score) > 100) {
      showSettingMessages(['Nilai Minimal harus kurang dari atau sama dengan 100']);
      setTab('settings');
      return false;
    }
    return true;
  };

  const saveSettings = async () => {
    if (!checkSettings()) return;
    setSettingsSaved(true);
    if (quizzesBody(quizzes).length === 0) {
      // Nothing to store yet: the settings wait for the first saved question (spec 02 §2).
      showQuizMessages([popupMessages.noQuestions]);
      setTab('quizzes');
      return;
    }
    setSaving(true);
    await persist(quizzes);
    setSaving(false);
  };

  const duplicateSeconds = (list: QuizForm[]) => {
    const seen = new Map<number, string>();
    const errors = new Map<string, string>();
    for (const q of list) {
      if (seen.has(q.second)) {
        errors.set(q.key, `Detik ${q.second} sudah dipakai pop up quiz lain`);
      } else seen.set(q.second, q.key);
    }
    return errors;
  };
  const secondErrors = duplicateSeconds(quizzes);

  const saveAll = async () => {
    if (!checkSettings()) return;
    const incomplete =
      quizzes.length === 0 ||
      quizzes.some((q) => q.questions.length === 0 || q.questions.some((question) => !question.id));
    if (incomplete) {
      showQuizMessages([popupMessages.noQuestions]);
      return;
    }
    if (secondErrors.size > 0) {
      showQuizMessages([...new Set(secondErrors.values())]);
      return;
    }
    setSaving(true);
    await persist(quizzes);
    setSaving(false);
  };

  const addQuiz = () => {
    const taken = quizzes.map((q) => q.second);
    const last = taken.length > 0 ? Math.max(...taken) + 1 : 0;
    const quiz: QuizForm = {
      key: newKey('z'),
      type: 'multiple_choice',
      instruction: '',
      second: freeSecond(taken, last, duration),
      questions: [],
    };
    setQuizzes([...quizzes, quiz]);
    setExpanded(quiz.key);
  };

  const updateQuiz = (next: QuizForm) =>
    setQuizzes(quizzesRef.current.map((q) => (q.key === next.key ? next : q)));

  const saveQuestion = async (quizKey: string, question: QuestionForm) => {
    let savedId: string;
    try {
      const saved = await saveGameplay(question.id, gameplayBody(activity.id, question));
      savedId = saved.id;
    } catch (error) {
      snack(errorMessage(error), 'error');
      throw error;
    }
    snack(popupMessages.questionSaved, 'success');
    setBaseline((b) => withSavedQuestion(b, savedId, question));
    const next = quizzesRef.current.map((q) =>
      q.key === quizKey
        ? {
            ...q,
            questions: q.questions.map((x) =>
              x.key === question.key ? { ...question, id: savedId } : x,
            ),
          }
        : q,
    );
    setQuizzes(next);
    // Then the quiz itself is saved, so the question joins its list (spec 02 §4).
    if (secondErrors.size === 0) await persist(next);
  };

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    try {
      if (pending.kind === 'question') {
        const deletedId = pending.question.id;
        if (deletedId) {
          await deleteGameplay(deletedId);
          setBaseline((b) => withoutQuestions(b, [deletedId]));
        }
        setQuizzes(
          quizzesRef.current.map((q) => {
            if (q.key !== pending.quizKey) return q;
            const questions = q.questions.filter((x) => x.key !== pending.question.key);
            // The server drops a quiz left without saved questions: a later save makes a new one.
            const stored = questions.some((x) => x.id);
            return { ...q, id: stored ? q.id : undefined, questions };
          }),
        );
        snack('Soal berhasil dihapus.', 'success');
      } else {
        const quiz = quizzesRef.current.find((q) => q.key === pending.quizKey);
        for (const question of quiz?.questions ?? []) {
          const deletedId = question.id;
          if (!deletedId) continue;
          await deleteGameplay(deletedId);
          setBaseline((b) => withoutQuestions(b, [deletedId]));
        }
        setQuizzes(quizzesRef.current.filter((q) => q.key !== pending.quizKey));
        snack('Pop Up Quiz berhasil dihapus.', 'success');
      }
      setPending(null);
    } catch (error) {
      snack(activityMessages.error(errorMessage(error)), 'error');
    } finally {
      setDeleting(false);
    }
  };

  const markers = quizzes.map((q, i) => ({
    key: q.key,
    second: q.second,
    label: `Pop Up Quiz ${i + 1}`,
  }));
  const busy = saving || deleting;

  return (
    <Stack spacing={2.5}>
      <Alert severity="warning">{popupMessages.warning}</Alert>
      <Tabs
        value={tab}
        onChange={(_e, next: PopupTab) => setTab(next)}
        aria-label="Bagian pop up quiz"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="settings" label="Pengaturan Pop Up Quiz" id="popup-tab-settings" />
        <Tab value="quizzes" label="Pop Up Quiz" id="popup-tab-quizzes" disabled={!settingsSaved} />
      </Tabs>

      <Box role="tabpanel" aria-labelledby="popup-tab-settings" hidden={tab !== 'settings'}>
        <PopupSettingsForm value={setting} onChange={setSetting} disabled={busy} />
        <MessagesAlert messages={settingMessages.slice(0, 1)} sx={{ mt: 2 }} />
      </Box>

      <Box role="tabpanel" aria-labelledby="popup-tab-quizzes" hidden={tab !== 'quizzes'}>
        {tab === 'quizzes' && (
          <Stack spacing={2}>
            <MessagesAlert messages={quizMessages} />
            {quizzes.length === 0 && (
              <Typography color="text.secondary">Belum ada pop up quiz.</Typography>
            )}
            {quizzes.map((quiz, i) => (
              <PopupQuizCard
                key={quiz.key}
                number={i + 1}
                quiz={quiz}
                unsavedQuestions={unsaved}
                expanded={expanded === quiz.key}
                onExpand={(open) => setExpanded(open ? quiz.key : null)}
                onChange={updateQuiz}
                onSaveQuestion={(question) => saveQuestion(quiz.key, question)}
                onDeleteQuestion={(question) =>
                  setPending({ kind: 'question', quizKey: quiz.key, question })
                }
                onDelete={() => setPending({ kind: 'quiz', quizKey: quiz.key })}
                videoUrl={videoUrl}
                markers={markers}
                secondError={secondErrors.get(quiz.key)}
                onDuration={setDuration}
                disabled={busy}
              />
            ))}
            <Box>
              <Button variant="outlined" startIcon={<Add />} onClick={addQuiz} disabled={busy}>
                Tambah Pop Up Quiz
              </Button>
            </Box>
          </Stack>
        )}
      </Box>

      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="text"
          disabled={busy}
          onClick={() => navigate(pathTo('program-detail', { id: programId }))}
        >
          Batal
        </Button>
        {/* Spec 02 §4: shown while no gameplay data exists, or on the second tab. */}
        {(tab === 'quizzes' || !hasGameplays) && (
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void (tab === 'settings' ? saveSettings() : saveAll())}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Simpan Quiz
          </Button>
        )}
      </Stack>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'question' ? 'Hapus Soal' : popupMessages.deleteTitle}
        message={
          pending?.kind === 'question'
            ? 'Apakah anda yakin ingin menghapus soal ini?'
            : 'Apakah anda yakin ingin menghapus pop up quiz ini beserta soalnya?'
        }
        confirmLabel="Hapus"
        confirmColor="error"
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
