import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../hooks/use-session';
import { AppShell } from './app-shell';
import { StatusMessage } from './status-page';

/**
 * The not-found message: for an unknown path, and inside the shell for a record the user may not
 * see or that is gone (the server answers 404 alike, so nothing tells the two apart).
 */
export function NotFoundMessage({ signedIn = true }: { signedIn?: boolean }) {
  return (
    <StatusMessage
      code="404"
      headingLevel={signedIn ? 'h2' : 'h1'}
      title="Error 404 - Page not found"
      action={
        <Button component={RouterLink} to={signedIn ? '/dashboard' : '/'} variant="contained">
          {signedIn ? 'Kembali ke Dashboard' : 'Kembali ke halaman login'}
        </Button>
      }
    >
      Halaman yang anda cari tidak ditemukan atau sudah dipindahkan.
    </StatusMessage>
  );
}

/** Any unknown path (spec 01 §2). A signed-in user keeps the shell and its menu. */
export function NotFoundRoute() {
  const session = useSession();
  if (session) {
    return (
      <AppShell>
        <NotFoundMessage signedIn />
      </AppShell>
    );
  }
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
      }}
    >
      <NotFoundMessage signedIn={false} />
    </Box>
  );
}
