import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { PlayerHtml } from '@ajar/player/media/player-media';
import { PopupQuizSummary } from '@ajar/player/video/popup-quiz-summary';
import { VideoWithPopups, type PopupProgress } from '@ajar/player/video/video-with-popups';
import { mediaItemQueryOptions } from '@/components/media-picker/media-api';
import { errorMessage } from '../../../api/http';
import { useGameplays } from '../api/get-gameplays';

const fresh: PopupProgress = { activeId: null, completed: new Set(), results: {}, ended: false };

/**
 * A video activity played as a participant, with its pop-up quizzes scored here from their
 * answer key (staff may see it). 'Mulai ulang pratinjau' starts it over.
 */
export function VideoPreview({ activity }: { activity: Activity }) {
  const quizzes = useMemo(() => activity.quiz?.quizzes ?? [], [activity.quiz]);
  const ids = useMemo(() => quizzes.flatMap((q) => q.gameplays), [quizzes]);
  const gameplays = useGameplays(ids);
  const [run, setRun] = useState(0);
  const [progress, setProgress] = useState<PopupProgress>(fresh);

  const file = activity.content.file;
  // Its adaptive streams once converted, as a participant gets them; the mp4 until then.
  const media = useQuery({ ...mediaItemQueryOptions(file?.id ?? ''), enabled: !!file?.id });
  const streams = media.data?.video?.status === 'ready' ? media.data.video : null;
  if (!file?.url) {
    return (
      <Alert severity="info">
        Video belum diunggah. Unggah video di tab Konten, simpan, lalu buka pratinjau lagi.
      </Alert>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Card>
        <VideoWithPopups
          key={run}
          src={file.url}
          streams={streams}
          quizzes={quizzes}
          setting={activity.quiz?.setting ?? null}
          gameplays={ids.length === 0 ? [] : gameplays.data}
          gameplaysError={gameplays.error ? errorMessage(gameplays.error) : null}
          onPopupProgress={setProgress}
        />
      </Card>

      {activity.content.description && (
        <Card>
          <CardContent>
            <PlayerHtml html={activity.content.description} label="Deskripsi video" />
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
            <Button
              startIcon={<ReplayRounded />}
              onClick={() => {
                setProgress(fresh);
                setRun((n) => n + 1);
              }}
            >
              Mulai ulang pratinjau
            </Button>
          </Stack>
          <PopupQuizSummary quizzes={quizzes} progress={progress} />
        </CardContent>
      </Card>
    </Stack>
  );
}
