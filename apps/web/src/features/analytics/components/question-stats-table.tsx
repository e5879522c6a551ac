import {
  Box,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  optionLetter,
  questionFlagLabels,
  type QuestionFlag,
} from '@ajar/shared/analytics/question-stats.rules';
import type { QuestionStat } from '@ajar/shared/analytics/question-stats.schemas';
import { formatThousands } from '@ajar/shared/common/format';
import { formatIndex, formatShare } from './question-stats-format';

const flagColor: Record<QuestionFlag, 'warning' | 'error' | 'info'> = {
  too_easy: 'info',
  too_hard: 'warning',
  negative_discrimination: 'error',
  distractor_over_key: 'warning',
};

export interface QuestionStatsTableProps {
  questions: readonly QuestionStat[];
  /** The question editor's address, when the viewer may edit; null shows the text only. */
  editorPath: string | null;
}

/**
 * One row per multiple-choice question: facility, discrimination, each option's share (the key
 * in bold, marked 'kunci') and the flags as chips. The number opens the question editor.
 */
export function QuestionStatsTable({ questions, editorPath }: QuestionStatsTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Statistik per soal">
        <TableHead>
          <TableRow>
            <TableCell>Soal</TableCell>
            <TableCell align="right">Percobaan</TableCell>
            <TableCell align="right">Indeks kesukaran</TableCell>
            <TableCell align="right">Daya beda</TableCell>
            <TableCell>Pilihan jawaban</TableCell>
            <TableCell>Tanda</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {questions.map((q) => {
            const label = `Paket ${q.packet_no} · No. ${q.question_no}`;
            return (
              <TableRow key={q.id} hover data-testid="question-stat-row">
                <TableCell sx={{ maxWidth: 320 }}>
                  {editorPath ? (
                    <Link component={RouterLink} to={editorPath} underline="hover">
                      {label}
                    </Link>
                  ) : (
                    <Typography variant="body2">{label}</Typography>
                  )}
                  <Typography variant="body2" color="text.secondary" noWrap title={q.text}>
                    {q.text}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatThousands(q.attempts)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatIndex(q.facility)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatIndex(q.discrimination)}
                </TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25 }}>
                    {q.options.map((o) => (
                      <Box
                        component="span"
                        key={o.index}
                        title={o.text}
                        sx={{
                          fontWeight: o.correct ? 700 : 400,
                          whiteSpace: 'nowrap',
                          fontVariantNumeric: 'tabular-nums',
                        }}
                      >
                        {optionLetter(o.index)}: {formatShare(o.share)}
                        {o.correct ? ' (kunci)' : ''}
                      </Box>
                    ))}
                  </Stack>
                </TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {q.flags.map((flag) => (
                      <Chip
                        key={flag}
                        size="small"
                        variant="outlined"
                        color={flagColor[flag]}
                        // The palette's darker shade: the main one on white is below 4.5:1.
                        sx={{ color: `${flagColor[flag]}.dark` }}
                        label={questionFlagLabels[flag]}
                      />
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
