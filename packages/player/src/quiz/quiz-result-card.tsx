import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatScore } from '@ajar/shared/common/format';
import { retakeText } from '../lib/player-texts';

/** One section's line of the result: its points (when known), score and minimum. */
export interface ResultSectionRow {
  key: string;
  name: string | null;
  /** 'earned / max', shown only when the points are known (the staff preview). */
  points?: string;
  score: number | null;
  minScore: number;
  passed: boolean;
}

export interface QuizResultCardProps {
  /** e.g. 'Hasil Paket Soal 1' or 'Hasil percobaan ke-2'. */
  title: string;
  /** 0–100; null when there is nothing scored or the score is hidden. */
  score: number | null;
  /** Under the score, e.g. 'Poin 25 dari 25'. */
  detail?: string;
  passed: boolean;
  minimum: number | null;
  /** e.g. 'Terjawab 4 dari 4 soal'. */
  answered?: string;
  timedOut?: boolean;
  /** A note under the score (the staff preview: the score is hidden from participants). */
  notice?: ReactNode;
  sections: readonly ResultSectionRow[];
  /** Retakes left (Infinity without a limit); null hides the line. */
  retakes: number | null;
  actions?: ReactNode;
}

/** The result of a submitted packet: score, pass, each section against its 'Minimal Score'. */
export function QuizResultCard({
  title,
  score,
  detail,
  passed,
  minimum,
  answered,
  timedOut = false,
  notice,
  sections,
  retakes,
  actions,
}: QuizResultCardProps) {
  const withPoints = sections.some((s) => s.points !== undefined);
  return (
    <Card component="section" aria-label="Hasil kuis">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        {timedOut && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Waktu habis. Jawaban dikirim otomatis.
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 3 }}
          sx={{ alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Box>
            <Typography variant="overline" color="text.secondary">
              {title}
            </Typography>
            <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} aria-label="Skor">
              {score === null ? '–' : formatScore(score)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Skor (0–100){detail ? ` · ${detail}` : ''}
            </Typography>
          </Box>
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Chip color={passed ? 'success' : 'error'} label={passed ? 'Lulus' : 'Tidak Lulus'} />
            <Typography variant="body2" color="text.secondary">
              Nilai Minimal: {minimum === null ? 'tidak diatur' : minimum}
            </Typography>
            {answered && (
              <Typography variant="body2" color="text.secondary">
                {answered}
              </Typography>
            )}
          </Stack>
        </Stack>
        {notice}
        {sections.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              aria-label="Skor per bagian"
              // A 390 px phone: narrower cells and wrapping chips keep the table inside the card.
              sx={{
                '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } },
                '& .MuiChip-root': { height: 'auto', minHeight: 24 },
                '& .MuiChip-label': { whiteSpace: { xs: 'normal', sm: 'nowrap' } },
              }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Bagian</TableCell>
                  {withPoints && <TableCell align="right">Poin</TableCell>}
                  <TableCell align="right">Skor</TableCell>
                  <TableCell align="right">Nilai minimal</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sections.map((section, index) => (
                  <TableRow key={section.key}>
                    <TableCell>{section.name ?? `Bagian ${index + 1}`}</TableCell>
                    {withPoints && <TableCell align="right">{section.points}</TableCell>}
                    <TableCell align="right">
                      {section.score === null ? '–' : formatScore(section.score)}
                    </TableCell>
                    <TableCell align="right">{section.minScore}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={section.passed ? 'success' : 'error'}
                        label={section.passed ? 'Tercapai' : 'Belum tercapai'}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'flex-end', alignItems: { sm: 'center' }, mt: 2.5 }}
        >
          {retakes !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ mr: { sm: 'auto' } }}>
              {retakeText(retakes)}
            </Typography>
          )}
          {actions}
        </Stack>
      </CardContent>
    </Card>
  );
}
