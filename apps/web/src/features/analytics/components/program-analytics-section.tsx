import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { programAnalyticsTexts as T } from '@ajar/shared/analytics/program-analytics.constants';
import { visuallyHidden } from '@/components/visually-hidden';

export interface ProgramAnalyticsSectionProps {
  id: string;
  title: string;
  /** One line under the title: what the figures count. */
  note?: string;
  onDownload?: () => void;
  downloading?: boolean;
  children: ReactNode;
}

/** One section of the screen: a titled card with its 'Unduh Excel' button. */
export function ProgramAnalyticsSection({
  id,
  title,
  note,
  onDownload,
  downloading,
  children,
}: ProgramAnalyticsSectionProps) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
        >
          <Box>
            <Typography id={id} variant="h6" component="h2">
              {title}
            </Typography>
            {note && (
              <Typography variant="body2" color="text.secondary">
                {note}
              </Typography>
            )}
          </Box>
          {onDownload && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<FileDownloadOutlinedIcon />}
              onClick={onDownload}
              disabled={downloading}
              aria-label={`${T.download}: ${title}`}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start' } }}
            >
              {T.download}
            </Button>
          )}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** A small table of figures (the table behind a chart, or a list that is a table itself). */
export function FigureTable({
  caption,
  headers,
  rows,
  hidden,
}: {
  caption: string;
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  /** Out of sight, for screen readers (the chart shows the same figures). */
  hidden?: boolean;
}) {
  return (
    <Box
      component="table"
      sx={
        hidden
          ? visuallyHidden
          : {
              width: '100%',
              borderCollapse: 'collapse',
              fontSize: 14,
              '& th, & td': {
                textAlign: 'left',
                p: 1,
                borderBottom: 1,
                borderColor: 'divider',
              },
              '& td.num, & th.num': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
              '& thead th': { color: 'text.secondary', fontWeight: 600 },
            }
      }
    >
      <Box component="caption" sx={visuallyHidden}>
        {caption}
      </Box>
      <thead>
        <tr>
          {headers.map((h, i) => (
            <th key={h} scope="col" className={i > 0 ? 'num' : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, r) => (
          <tr key={r}>
            {cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" style={{ fontWeight: 400 }}>
                  {cell}
                </th>
              ) : (
                <td key={i} className="num">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
