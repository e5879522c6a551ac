import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { gameplayTypeLabels } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import { scoreOf } from '@ajar/shared/quiz/quiz.scoring';
import { formatClock } from '../lib/shuffle';
import type { PopupQuizItem } from '../popup/popup-quiz-player';
import type { PopupProgress } from './video-with-popups';
import { formatScore } from '@ajar/shared/common/format';

/** The pop-up quizzes of a video: second, type, status and score, and the video's total. */
export function PopupQuizSummary({
  quizzes,
  progress,
  showScore = true,
}: {
  quizzes: readonly PopupQuizItem[];
  progress: PopupProgress;
  showScore?: boolean;
}) {
  if (quizzes.length === 0) {
    return <Alert severity="info">Video ini belum memiliki pop up quiz.</Alert>;
  }
  const { completed, results, activeId, ended } = progress;
  const finished = Object.values(results);
  const earned = finished.reduce((n, r) => n + r.earned, 0);
  const max = finished.reduce((n, r) => n + r.max, 0);
  const sorted = [...quizzes].sort((a, b) => a.second - b.second);
  return (
    <>
      <Table size="small" aria-label="Daftar pop up quiz">
        <TableHead>
          <TableRow>
            <TableCell>Detik</TableCell>
            <TableCell>Tipe</TableCell>
            <TableCell align="right">Soal</TableCell>
            <TableCell>Status</TableCell>
            {showScore && <TableCell align="right">Skor</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((quiz) => {
            const result = results[quiz.id];
            const done = completed.has(quiz.id);
            return (
              <TableRow key={quiz.id}>
                <TableCell>{formatClock(quiz.second)}</TableCell>
                <TableCell>{gameplayTypeLabels[quiz.type]}</TableCell>
                <TableCell align="right">{quiz.gameplays.length}</TableCell>
                <TableCell>
                  {done && result && showScore ? (
                    <Chip
                      size="small"
                      color={result.passed ? 'success' : 'error'}
                      label={result.passed ? 'Lulus' : 'Tidak Lulus'}
                    />
                  ) : done ? (
                    <Chip size="small" color="success" variant="outlined" label="Selesai" />
                  ) : activeId === quiz.id ? (
                    <Chip size="small" color="primary" label="Sedang dikerjakan" />
                  ) : (
                    <Chip size="small" variant="outlined" label="Belum muncul" />
                  )}
                </TableCell>
                {showScore && (
                  <TableCell align="right">
                    {result && done && result.score !== null ? formatScore(result.score) : '–'}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {showScore && (ended || completed.size === quizzes.length) && finished.length > 0 && (
        <Alert severity="success" sx={{ mt: 2 }} role="status" aria-label="Skor video" icon={false}>
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
  );
}
