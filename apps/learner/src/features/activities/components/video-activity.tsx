import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  MemberGameplay,
  MemberPopupQuizzesData,
  PopupAnswer,
  PopupAnswerResult,
} from '@ajar/shared/members/member-popup.schemas';
import { matchingAnswer } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import type {
  GameplayJudge,
  GameplayVerdict,
  PlayableGameplay,
} from '@ajar/player/lib/popup-verdict';
import type { PopupQuizItem, PopupQuizSetting } from '@ajar/player/popup/popup-quiz-player';
import { VideoWithPopups } from '@ajar/player/video/video-with-popups';
import { WatchProgress } from '@ajar/player/video/watch-progress';
import { errorMessage } from '../../../api/http';
import { Card } from '../../../components/card';
import { answerGameplay, gameplaysQuery } from '../api/activities-api';
import { readContent } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { RichText } from './rich-text';
import { useSaveVideoPosition } from './use-save-video-position';
import { useDataSaver } from '../../../lib/data-saver';
import { useSavedActivity } from '../../../hooks/use-saved-files';
import type { VideoQuality } from '@ajar/shared/media/media-video';
import { offlineSourceOf, playbackOf } from '../lib/offline-source';
import { SaveOfflineCard } from './save-offline-card';

const flag = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

/** The member API's settings as the player reads them: the first answer counts (no retake). */
function playerSetting(data: MemberPopupQuizzesData): PopupQuizSetting {
  const s = data.setting;
  return {
    show_explanation: flag(s.show_explanation),
    show_answer_explanation: flag(s.show_answer_explanation),
    skip: flag(s.skip),
    show_score: flag(s.show_score),
    minimum_score: s.minimum_score,
    retake: 0,
    is_random: flag(s.is_random),
    time: { enable: flag(s.time.enable), duration: s.time.duration },
  };
}

/** A served question as the player plays it (a word search's time is its duration). */
function playable(g: MemberGameplay): PlayableGameplay {
  return {
    id: g.id,
    type: g.type,
    question: g.question,
    time: g.type === 'finding_word' ? null : g.time,
    duration: g.type === 'finding_word' ? g.time : null,
    options: g.options,
    matching_options: g.matching_options,
    explanation: null,
  };
}

/** The server's result as a verdict: the right answer in the player's `correct_answers` form. */
export function verdictOf(g: MemberGameplay, r: PopupAnswerResult): GameplayVerdict {
  const c = r.correct_answer;
  const correctAnswers =
    c === null
      ? null
      : c.kind === 'choice'
        ? c.options.map((i) => g.options[i]?.text ?? '')
        : c.kind === 'pairs'
          ? g.options.map((_, l) => {
              const r2 = c.pairs[String(l)];
              const right = r2 === undefined ? undefined : g.matching_options[r2];
              return right ? matchingAnswer(right) : '';
            })
          : c.words;
  return {
    state: 'scored',
    correct: r.correct,
    earned: r.points,
    correctAnswers,
    explanation: r.explanation,
  };
}

/**
 * An uploaded video with its pop-up quizzes answered and scored on the server; it resumes where
 * the participant stopped and saves the position as it plays. It completes by itself once the
 * server counted enough of it watched and every pop-up answered (no button).
 */
export function VideoActivity({ programId, activity }: ActivityProps) {
  const content = readContent(activity);
  const popups = useQuery(gameplaysQuery(programId, activity.id));
  const served = useMemo(
    () =>
      new Map(
        (popups.data?.quizzes ?? []).flatMap((q) => q.gameplays.map((g) => [g.id, g] as const)),
      ),
    [popups.data],
  );
  const quizzes: PopupQuizItem[] = useMemo(
    () =>
      (popups.data?.quizzes ?? []).map((q) => ({
        id: q.id,
        type: q.type,
        instruction: q.instruction,
        second: q.second,
        gameplays: q.gameplays.map((g) => g.id),
      })),
    [popups.data],
  );
  const gameplays = useMemo(() => [...served.values()].map(playable), [served]);
  // Pop-ups already answered in full do not show again.
  const answered = useMemo(
    () =>
      (popups.data?.quizzes ?? [])
        .filter((q) => q.gameplays.every((g) => g.result !== null))
        .map((q) => q.id),
    [popups.data],
  );

  const { onTime, watch, reportAgain } = useSaveVideoPosition(programId, activity);
  const [saveData] = useDataSaver();
  const [quality, setQuality] = useState<VideoQuality>(saveData ? 'saver' : 'auto');
  // A video saved for offline plays from the phone (the service worker answers its files).
  const saved = useSavedActivity(activity.id);

  const judge: GameplayJudge = useCallback(
    async (gameplay, answer) => {
      const g = served.get(gameplay.id);
      if (!g || !answer)
        return { state: 'scored', correct: false, earned: 0, correctAnswers: null };
      const body: PopupAnswer =
        answer.kind === 'words' ? { kind: 'words', found: [...answer.found] } : answer;
      const sent = await answerGameplay(programId, activity.id, g.id, body);
      if (sent.queued) return { state: 'queued' };
      // The answer may be the last thing the completion rule waited for.
      reportAgain();
      return verdictOf(g, sent.data);
    },
    [served, programId, activity.id, reportAgain],
  );

  const url = content.file?.url;
  const offline = offlineSourceOf(activity, quality);
  const play = url ? playbackOf(url, activity.video_stream, saved ?? null) : null;
  return (
    <>
      {url && play ? (
        <Card flush>
          {popups.isPending || saved === undefined ? (
            <p className="muted" style={{ padding: '1rem' }}>
              Memuat video…
            </p>
          ) : (
            <VideoWithPopups
              src={play.src}
              streams={play.streams}
              initialQuality={saveData ? 'saver' : 'auto'}
              onQualityChange={setQuality}
              quizzes={quizzes}
              setting={popups.data ? playerSetting(popups.data) : null}
              gameplays={gameplays}
              gameplaysError={popups.error ? errorMessage(popups.error) : null}
              judge={judge}
              audience="participant"
              startAt={activity.video_position ?? 0}
              initialCompleted={answered}
              onTime={onTime}
            />
          )}
        </Card>
      ) : (
        <Card>
          <p className="muted">Video belum tersedia.</p>
        </Card>
      )}
      {offline && (
        <SaveOfflineCard programId={programId} activity={activity} type="video" source={offline} />
      )}
      {url && (
        <Card>
          <WatchProgress
            watched={watch.watched}
            required={watch.required}
            popupsLeft={watch.popupsLeft}
            complete={watch.complete || activity.is_complete}
          />
        </Card>
      )}
      {content.description && (
        <Card>
          <RichText html={content.description} label="Deskripsi video" />
        </Card>
      )}
    </>
  );
}
