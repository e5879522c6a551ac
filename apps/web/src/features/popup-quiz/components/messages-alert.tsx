import { Alert, type SxProps, type Theme } from '@mui/material';

export interface MessagesAlertProps {
  /** One line each; nothing is shown while empty. */
  messages: readonly string[];
  sx?: SxProps<Theme>;
}

/** The error messages of the last check or save, announced as an alert. */
export function MessagesAlert({ messages, sx }: MessagesAlertProps) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" role="alert" sx={sx}>
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
