import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A centred status message (404, 403) with a way back. */
export function StatusMessage({
  code,
  title,
  children,
  action,
  headingLevel = 'h1',
}: {
  headingLevel?: 'h1' | 'h2';
  code: string;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2 }}>
      <Typography
        aria-hidden
        sx={{
          fontSize: { xs: 72, sm: 104 },
          fontWeight: 800,
          lineHeight: 1,
          letterSpacing: '-0.04em',
          color: 'primary.main',
          opacity: 0.18,
          mb: 1,
        }}
      >
        {code}
      </Typography>
      <Typography variant="h5" component={headingLevel} gutterBottom>
        {title}
      </Typography>
      {children ? (
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 460, mx: 'auto' }}>
          {children}
        </Typography>
      ) : null}
      {action}
    </Box>
  );
}
