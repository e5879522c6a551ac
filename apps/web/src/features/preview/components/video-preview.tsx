import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { gameplayTypeLabels } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import type { Gameplay } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import type { PopupQuizResult } from '@ajar/shared/popup-quiz/popup-quiz.scoring';
import { scoreOf } from '@ajar/shared/quiz/quiz.scoring';
import { errorMessage } from '../../../api/http';
import { useGameplays } from '../api/get-gameplays';
import { dueQuiz, markerPercent } from '../lib/popup-triggers';
import { formatClock } from '../lib/shuffle';
import { PopupQuizPlayer, type PopupQuizItem } from './popup-quiz-player';
import { PreviewHtml } from './preview-media';

/**
 * A video activity played as a participant: at each pop-up quiz's second the video pauses and
 * the quiz covers it; the video goes on after 'Lanjutkan Video'. Seeking past a quiz that was not
 * answered shows it at once; quizzes after the end of the video show when it ends.
 */
export function VideoPreview({ activity }: { activity: Activity }) {
  const setting = activity.quiz?.setting ?? null;
  const quizzes = useMemo(
    () => [...(activity.quiz?.quizzes ?? [])].sort((a, b) => a.second - b.second),
    [activity.quiz],
  );
  const ids = useMemo(() => quizzes.flatMap((q) => q.gameplays), [quizzes]);
  const gameplays = useGameplays(ids);
  const byId = useMemo(
    () => new Map((gameplays.data ?? []).map((g) => [g.id, g] as const)),
    [gameplays.data],
  );

  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState<number>(Number.NaN);
  const [active, setActive] = useState<PopupQuizItem | null>(null);
  const [completed, setCompleted] = useState<ReadonlySet<string>>(new Set());
  const [results, setResults] = useState<Record<string, PopupQuizResult>>({});
  const [attempts, setAttempts] = useState<Record<string, number>>({});
  const [ended, setEnded] = useState(false);

  // The loop reads these without restarting.
  const state = useRef({ active, completed, quizzes });
  useEffect(() => {
    state.current = { active, completed, quizzes };
  });

  const check = useCallback((time: number) => {
    const { active: shown, completed: done, quizzes: all } = state.current;
    if (shown) return;
    const due = dueQuiz(all, time, done);
    if (!due) return;
    video.current?.pause();
    state.current.active = due;
    setActive(due);
    setAttempts((a) => ({ ...a, [due.id]: a[due.id] ?? 1 }));
  }, []);

  // While playing, the time is checked every frame (timeupdate fires only ~4 times a second).
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let frame = 0;
    const loop = () => {
      check(el.currentTime);
      if (!el.paused && !el.ended) frame = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      if (state.current.active) {
        el.pause();
        return;
      }
      setEnded(false);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const onSeeked = () => check(el.currentTime);
    const onEnded = () => {
      setEnded(true);
      check(Number.POSITIVE_INFINITY);
    };
    const onMeta = () => setDuration(el.duration);
    el.addEventListener('play', onPlay);
    el.addEventListener('seeked', onSeeked);
    el.addEventListener('ended', onEnded);
    el.addEventListener('loadedmetadata', onMeta);
    if (el.readyState >= 1) setDuration(el.duration);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('play', onPlay);
      el.removeEventListener('seeked', onSeeked);
      el.removeEventListener('ended', onEnded);
      el.removeEventListener('loadedmetadata', onMeta);
    };
  }, [check]);

  const finishQuiz = useCallback((id: string, result: PopupQuizResult) => {
    setResults((r) => ({ ...r, [id]: result }));
  }, []);

  const continueVideo = () => {
    if (!active) return;
    const done = new Set(completed).add(active.id);
    state.current = { ...state.current, active: null, completed: done };
    setCompleted(done);
    setActive(null);
    const el = video.current;
    if (!el) return;
    // Another quiz may already be due (several passed by a seek).
    const due = dueQuiz(quizzes, el.ended ? Number.POSITIVE_INFINITY : el.currentTime, done);
    if (due) check(el.ended ? Number.POSITIVE_INFINITY : el.currentTime);
    else if (!el.ended) void el.play().catch(() => undefined);
  };

  const restart = () => {
    state.current = { ...state.current, active: null, completed: new Set() };
    setActive(null);
    setCompleted(new Set());
    setResults({});
    setAttempts({});
    setEnded(false);
    if (video.current) {
      video.current.currentTime = 0;
      video.current.pause();
    }
  };

  const file = activity.content.file;
  if (!file?.url) {
    return (
      <Alert severity="info">
        Video belum diunggah. Unggah video di tab Konten, simpan, lalu buka pratinjau lagi.
      </Alert>
    );
  }

  const activeGameplays: Gameplay[] = active
    ? active.gameplays.flatMap((id) => {
        const g = byId.get(id);
        return g ? [g] : [];
      })
    : [];
  const finished = Object.values(results);
  const earned = finished.reduce((n, r) => n + r.earned, 0);
  const max = finished.reduce((n, r) => n + r.max, 0);

  return (
    <Stack spacing={2.5}>
      <Card>
        <Box
          sx={{
            position: 'relative',
            bgcolor: '#000',
            minHeight: { xs: 360, md: 520 },
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <Box
            component="video"
            ref={video}
            src={file.url}
            controls
            preload="metadata"
            playsInline
            aria-label="Video aktivitas"
            sx={{ width: '100%', maxHeight: { xs: 360, md: 520 }, display: 'block' }}
          />
          {active && setting && (
            <Box
              role="dialog"
              aria-modal="false"
              aria-label="Pop up quiz"
              sx={{
                position: 'absolute',
                inset: 0,
                bgcolor: 'background.paper',
                overflow: 'auto',
                p: { xs: 2, sm: 3 },
              }}
            >
              {gameplays.isPending ? (
                <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
                  <CircularProgress aria-label="Memuat soal" />
                </Box>
              ) : gameplays.error ? (
                <Alert severity="error">{errorMessage(gameplays.error)}</Alert>
              ) : (
                <PopupQuizPlayer
                  key={`${active.id}-${attempts[active.id] ?? 1}`}
                  quiz={active}
                  gameplays={activeGameplays}
                  setting={setting}
                  attempt={attempts[active.id] ?? 1}
                  onFinish={(result) => finishQuiz(active.id, result)}
                  onRetake={() =>
                    setAttempts((a) => ({ ...a, [active.id]: (a[active.id] ?? 1) + 1 }))
                  }
                  onContinue={continueVideo}
                />
              )}
            </Box>
          )}
        </Box>
        <Timeline
          quizzes={quizzes}
          duration={duration}
          completed={completed}
          onSeek={(second) => {
            if (video.current && !active) video.current.currentTime = second;
          }}
        />
      </Card>

      {activity.content.description && (
        <Card>
          <CardContent>
            <PreviewHtml html={activity.content.description} label="Deskripsi video" />
          </CardContent>
        </Card>
      )}

      <Card component="section" aria-label="Ringkasan pop up quiz">
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Stack
            direction="row"
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}
          >
            <Typography variant="h6" component="h3">
              Pop up quiz
            </Typography>
            <Button startIcon={<ReplayRounded />} onClick={restart}>
              Mulai ulang pratinjau
            </Button>
          </Stack>
          {quizzes.length === 0 ? (
            <Alert severity="info">Video ini belum memiliki pop up quiz.</Alert>
          ) : (
            <>
              <Table size="small" aria-label="Daftar pop up quiz">
                <TableHead>
                  <TableRow>
                    <TableCell>Detik</TableCell>
                    <TableCell>Tipe</TableCell>
                    <TableCell align="right">Soal</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Skor</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {quizzes.map((quiz) => {
                    const result = results[quiz.id];
                    return (
                      <TableRow key={quiz.id}>
                        <TableCell>{formatClock(quiz.second)}</TableCell>
                        <TableCell>{gameplayTypeLabels[quiz.type]}</TableCell>
                        <TableCell align="right">{quiz.gameplays.length}</TableCell>
                        <TableCell>
                          {completed.has(quiz.id) ? (
                            <Chip
                              size="small"
                              color={result?.passed ? 'success' : 'error'}
                              label={result?.passed ? 'Lulus' : 'Tidak Lulus'}
                            />
                          ) : active?.id === quiz.id ? (
                            <Chip size="small" color="primary" label="Sedang dikerjakan" />
                          ) : (
                            <Chip size="small" variant="outlined" label="Belum muncul" />
                          )}
                        </TableCell>
                        <TableCell align="right">
                          {result && completed.has(quiz.id) ? (result.score ?? '–') : '–'}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              {(ended || completed.size === quizzes.length) && completed.size > 0 && (
                <Alert
                  severity="success"
                  sx={{ mt: 2 }}
                  role="status"
                  aria-label="Skor video"
                  icon={false}
                >
                  <Typography variant="subtitle1" component="p">
                    Skor seluruh pop up quiz: {scoreOf(earned, max) ?? '–'}
                  </Typography>
                  <Typography variant="body2">
                    Poin {Math.round(earned * 100) / 100} dari {Math.round(max * 100) / 100} ·{' '}
                    {completed.size} dari {quizzes.length} pop up quiz dikerjakan
                  </Typography>
                </Alert>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

function Timeline({
  quizzes,
  duration,
  completed,
  onSeek,
}: {
  quizzes: readonly PopupQuizItem[];
  duration: number;
  completed: ReadonlySet<string>;
  onSeek: (second: number) => void;
}) {
  if (quizzes.length === 0) return null;
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
      <Typography variant="caption" color="text.secondary">
        Posisi pop up quiz
      </Typography>
      <Box
        aria-label="Posisi pop up quiz pada video"
        sx={{ position: 'relative', height: 24, mt: 0.5 }}
      >
        <Box
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            top: 10,
            height: 4,
            borderRadius: 2,
            bgcolor: 'divider',
          }}
        />
        {quizzes.map((quiz) => (
          <Tooltip
            key={quiz.id}
            title={`${formatClock(quiz.second)} · ${gameplayTypeLabels[quiz.type]}`}
          >
            <Box
              component="button"
              type="button"
              aria-label={`Pop up quiz detik ${formatClock(quiz.second)}`}
              onClick={() => onSeek(quiz.second)}
              sx={{
                position: 'absolute',
                left: `calc(${markerPercent(quiz.second, duration)}% - 7px)`,
                top: 5,
                width: 14,
                height: 14,
                p: 0,
                borderRadius: '50%',
                border: '2px solid #fff',
                boxShadow: 1,
                cursor: 'pointer',
                bgcolor: completed.has(quiz.id) ? 'success.main' : 'warning.main',
              }}
            />
          </Tooltip>
        ))}
      </Box>
    </Box>
  );
}
