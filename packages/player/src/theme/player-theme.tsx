import type { ReactNode } from 'react';
import { createTheme, ThemeProvider } from '@mui/material/styles';

/**
 * The player's MUI parts in an app without a theme of its own (Ajar Belajar): buttons in sentence
 * case like the rest of the app, not MUI's default upper case. The back office's theme says the
 * same (apps/web/src/theme.tsx).
 */
const playerTheme = createTheme({ typography: { button: { textTransform: 'none' } } });

export function PlayerTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={playerTheme}>{children}</ThemeProvider>;
}
