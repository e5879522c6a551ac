import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { gameplayTypeLabels } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import {
  videoQualities,
  videoQualityLabels,
  type VideoQuality,
} from '@ajar/shared/media/media-video';
import { dueQuiz, markerPercent } from '../lib/popup-triggers';
import type { GameplayJudge, PlayableGameplay, PopupSummary } from '../lib/popup-verdict';
import { formatClock } from '../lib/shuffle';
import {
  PopupQuizPlayer,
  type PopupQuizItem,
  type PopupQuizSetting,
} from '../popup/popup-quiz-player';
import { attachVideoSource, type AttachedSource, type VideoStreams } from './video-source';

/** Where the pop-up quizzes of a video stand, for a summary beside the video. */
export interface PopupProgress {
  activeId: string | null;
  completed: ReadonlySet<string>;
  results: Readonly<Record<string, PopupSummary>>;
  ended: boolean;
}

export interface VideoWithPopupsProps {
  /** The uploaded mp4: played until (or where) its adaptive streams cannot be. */
  src: string;
  /** Its HLS renditions once converted; the player then offers 'Kualitas'. */
  streams?: VideoStreams | null;
  /**
   * The quality to start with ('Hemat data' for a participant saving data: nothing of the video
   * loads before 'play', not even its first bytes).
   */
  initialQuality?: VideoQuality;
  /** The quality chosen in 'Kualitas' (what 'Simpan untuk offline' then keeps). */
  onQualityChange?: (quality: VideoQuality) => void;
  quizzes: readonly PopupQuizItem[];
  setting: PopupQuizSetting | null;
  /** The questions of every pop-up quiz; undefined while they load. */
  gameplays: readonly PlayableGameplay[] | undefined;
  gameplaysError?: string | null;
  /** Scores answers (see PopupQuizPlayer); without it, from the gameplays' answer key. */
  judge?: GameplayJudge;
  /**
   * 'staff' (the back office's preview) also shows the 'Posisi pop up quiz' timeline; a
   * participant does not see where the quizzes are ahead of time.
   */
  audience?: 'staff' | 'participant';
  /** Start here (seconds), e.g. where the participant stopped last time. */
  startAt?: number;
  /** Pop-up quizzes already done before (they do not show again). */
  initialCompleted?: readonly string[];
  /** Playback position, on play, pause, seek, end and about every 10 seconds of play. */
  onTime?: (position: number, duration: number) => void;
  onPopupProgress?: (progress: PopupProgress) => void;
  onEnded?: () => void;
}

/**
 * A video with its pop-up quizzes: at each quiz's second the video pauses and the quiz covers it;
 * the video goes on after 'Lanjutkan Video'. Seeking past a quiz that was not answered shows it
 * at once; quizzes after the end of the video show when it ends.
 */
export function VideoWithPopups({
  src,
  streams = null,
  initialQuality = 'auto',
  quizzes: unsorted,
  setting,
  gameplays,
  gameplaysError = null,
  judge,
  audience = 'staff',
  startAt = 0,
  initialCompleted = [],
  onTime,
  onPopupProgress,
  onEnded,
  onQualityChange,
}: VideoWithPopupsProps) {
  const quizzes = useMemo(() => [...unsorted].sort((a, b) => a.second - b.second), [unsorted]);
  const byId = useMemo(
    () => new Map((gameplays ?? []).map((g) => [g.id, g] as const)),
    [gameplays],
  );
  const video = useRef<HTMLVideoElement>(null);
  const [quality, setQuality] = useState<VideoQuality>(initialQuality);
  const source = useRef<AttachedSource | null>(null);
  const settings = useRef({ quality, startAt, streams });
  settings.current = { quality, startAt, streams };
  const master = streams?.hls_url ?? null;
  const [duration, setDuration] = useState<number>(Number.NaN);
  const [active, setActive] = useState<PopupQuizItem | null>(null);
  const [completed, setCompleted] = useState<ReadonlySet<string>>(() => new Set(initialCompleted));
  const [results, setResults] = useState<Record<string, PopupSummary>>({});
  const [attempts, setAttempts] = useState<Record<string, number>>({});
  const [ended, setEnded] = useState(false);

  // The loop and the media events read these without restarting.
  const state = useRef({ active, completed, quizzes, onTime, onEnded });
  useEffect(() => {
    state.current = { active, completed, quizzes, onTime, onEnded };
  });
  useEffect(() => {
    onPopupProgress?.({ activeId: active?.id ?? null, completed, results, ended });
  }, [active, completed, results, ended, onPopupProgress]);

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

  // The mp4, or its HLS master through hls.js or the browser (video-source.ts).
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let gone = false;
    const { streams: current, ...options } = settings.current;
    void attachVideoSource(el, src, master ? current : null, options).then((attached) => {
      if (gone) {
        attached.destroy();
        return;
      }
      el.dataset.playback = attached.kind;
      source.current = attached;
      // A choice made while the source loaded.
      attached.setQuality(settings.current.quality);
    });
    return () => {
      gone = true;
      source.current?.destroy();
      source.current = null;
    };
    // Streams are read (from the ref) when the master changes, not on every equal new object.
  }, [src, master]);

  useEffect(() => {
    source.current?.setQuality(quality);
  }, [quality]);

  // While playing, the time is checked every frame (timeupdate fires only ~4 times a second).
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let frame = 0;
    let reportedAt = 0;
    const report = () => {
      reportedAt = el.currentTime;
      if (Number.isFinite(el.duration)) state.current.onTime?.(el.currentTime, el.duration);
    };
    const loop = () => {
      check(el.currentTime);
      if (Math.abs(el.currentTime - reportedAt) >= 10) report();
      if (!el.paused && !el.ended) frame = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      if (state.current.active) {
        el.pause();
        return;
      }
      setEnded(false);
      // Where playing starts is reported: the server counts watched seconds from one report
      // to the next.
      report();
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const onSeeked = () => {
      check(el.currentTime);
      report();
    };
    const onEnd = () => {
      setEnded(true);
      report();
      check(Number.POSITIVE_INFINITY);
      state.current.onEnded?.();
    };
    // The resume point applies once: later metadata (another rendition's playlist) keeps the
    // position the switch restores.
    let resumeAt = startAt;
    const onMeta = () => {
      setDuration(el.duration);
      if (resumeAt > 0 && resumeAt < el.duration) el.currentTime = resumeAt;
      if (Number.isFinite(el.duration)) resumeAt = 0;
    };
    el.addEventListener('play', onPlay);
    el.addEventListener('pause', report);
    el.addEventListener('seeked', onSeeked);
    el.addEventListener('ended', onEnd);
    el.addEventListener('loadedmetadata', onMeta);
    if (el.readyState >= 1) onMeta();
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('play', onPlay);
      el.removeEventListener('pause', report);
      el.removeEventListener('seeked', onSeeked);
      el.removeEventListener('ended', onEnd);
      el.removeEventListener('loadedmetadata', onMeta);
    };
  }, [check, startAt]);

  const finishQuiz = useCallback((id: string, result: PopupSummary) => {
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
    const time = el.ended ? Number.POSITIVE_INFINITY : el.currentTime;
    if (dueQuiz(quizzes, time, done)) check(time);
    else if (!el.ended) void el.play().catch(() => undefined);
  };

  const activeGameplays = active
    ? active.gameplays.flatMap((id) => {
        const g = byId.get(id);
        return g ? [g] : [];
      })
    : [];

  return (
    <>
      <Box
        sx={{
          position: 'relative',
          bgcolor: '#000',
          minHeight: { xs: 220, sm: 360, md: 520 },
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Box
          component="video"
          ref={video}
          poster={streams?.poster_url ?? undefined}
          controls
          preload={initialQuality === 'saver' ? 'none' : 'metadata'}
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
              position: { xs: 'relative', sm: 'absolute' },
              inset: { sm: 0 },
              width: '100%',
              bgcolor: 'background.paper',
              overflow: 'auto',
              p: { xs: 2, sm: 3 },
            }}
          >
            {gameplaysError ? (
              <Alert severity="error">{gameplaysError}</Alert>
            ) : !gameplays ? (
              <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
                <CircularProgress aria-label="Memuat soal" />
              </Box>
            ) : (
              <PopupQuizPlayer
                key={`${active.id}-${attempts[active.id] ?? 1}`}
                quiz={active}
                gameplays={activeGameplays}
                setting={setting}
                attempt={attempts[active.id] ?? 1}
                judge={judge}
                audience={audience}
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
      {master && (
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: 1.5, display: 'flex', justifyContent: 'flex-end' }}>
          <TextField
            select
            size="small"
            label="Kualitas"
            value={quality}
            onChange={(event) => {
              const chosen = event.target.value as VideoQuality;
              setQuality(chosen);
              onQualityChange?.(chosen);
            }}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: 150 }}
          >
            {videoQualities.map((q) => (
              <option key={q} value={q}>
                {videoQualityLabels[q]}
              </option>
            ))}
          </TextField>
        </Box>
      )}
      {/* Staff preview where the quizzes are; a participant meets them unannounced (no spoiler). */}
      {audience === 'staff' && (
        <Timeline
          quizzes={quizzes}
          duration={duration}
          completed={completed}
          onSeek={(second) => {
            if (video.current && !active) video.current.currentTime = second;
          }}
        />
      )}
    </>
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
