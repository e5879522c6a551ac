import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { errorMessage } from '../api/http';

export interface LoadErrorAlertProps {
  error: unknown;
  /** Shows 'Coba lagi' when given. */
  onRetry?: () => void;
  sx?: SxProps<Theme>;
}

/** Why a list failed to load, with a retry button. */
export function LoadErrorAlert({ error, onRetry, sx }: LoadErrorAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Coba lagi
          </Button>
        )
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}
