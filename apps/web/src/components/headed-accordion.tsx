import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';

export interface HeadedAccordionProps {
  /** The toggle's id; its region is labelled by it. */
  summaryId: string;
  regionId: string;
  /** What the toggle shows (inside the `h3`). */
  summary: ReactNode;
  /** Before the toggle, outside it (a drag handle). */
  start?: ReactNode;
  /** After the toggle, outside it (edit, delete). */
  actions?: ReactNode;
  defaultExpanded?: boolean;
  variant?: 'outlined';
  sx?: SxProps<Theme>;
  /** The row that holds `start`, the toggle and `actions`. */
  headerSx?: SxProps<Theme>;
  summarySx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * An accordion whose header holds buttons beside its toggle: the toggle alone is the `h3`'s
 * button, so no button sits inside another, and since the toggle is then not the accordion's
 * first child, its region is labelled by the toggle explicitly.
 */
export function HeadedAccordion({
  summaryId,
  regionId,
  summary,
  start,
  actions,
  defaultExpanded,
  variant,
  sx,
  headerSx,
  summarySx,
  children,
}: HeadedAccordionProps) {
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant={variant}
      slotProps={{
        heading: { component: 'div' },
        region: { id: regionId, 'aria-labelledby': summaryId },
      }}
      sx={sx}
    >
      <Stack
        direction="row"
        sx={[{ alignItems: 'center' }, ...(Array.isArray(headerSx) ? headerSx : [headerSx])]}
      >
        {start}
        <Box component="h3" sx={{ flex: 1, minWidth: 0, m: 0, font: 'inherit' }}>
          <AccordionSummary
            id={summaryId}
            aria-controls={regionId}
            expandIcon={<ExpandMoreRounded />}
            sx={summarySx}
          >
            {summary}
          </AccordionSummary>
        </Box>
        {actions}
      </Stack>
      <AccordionDetails sx={{ p: 0 }}>{children}</AccordionDetails>
    </Accordion>
  );
}
