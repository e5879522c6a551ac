import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Title and intro text of a sign-in or password screen. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children ? (
        <Typography variant="body2" color="text.secondary">
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}
