import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// After a new release the old hashed chunks are gone; reloading fetches the new ones.
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Loading chunk/i.test(
      error.message,
    )
  );
}

/** Errors thrown while loading or rendering a route. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ textAlign: 'center', maxWidth: 480 }}>
        <ErrorOutlineRounded color="error" sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {chunk ? 'Aplikasi telah diperbarui' : 'Terjadi kesalahan'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {chunk ? 'Muat ulang halaman untuk memakai versi terbaru.' : detail}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Muat ulang
        </Button>
      </Box>
    </Box>
  );
}
