import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { messages } from '@ajar/shared/common/messages';
import { StatusMessage } from './status-page';

/** A screen the user's role may not open (the server refuses its calls too). */
export function ForbiddenPage() {
  return (
    <StatusMessage
      code="403"
      headingLevel="h2"
      title={messages.forbidden}
      action={
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Kembali ke Dashboard
        </Button>
      }
    >
      Halaman ini tidak tersedia untuk peran anda.
    </StatusMessage>
  );
}
