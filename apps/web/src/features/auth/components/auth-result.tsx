import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A finished step (link sent, password changed): an icon, a title, a text and an action. */
export function AuthResult({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 2.5,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(13, 71, 161, 0.08)',
          color: 'primary.main',
          '& svg': { fontSize: 36 },
        }}
      >
        {icon}
      </Box>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {children}
        </Typography>
      ) : null}
      {action}
    </Box>
  );
}
