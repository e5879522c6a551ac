import type { ReactNode } from 'react';
import { darken, lighten, styled } from '@mui/material/styles';

// MUI's standard info Alert, drawn without Alert, Paper and IconButton (~5 kB gzipped the login
// route has no room for).
const NoticeRoot = styled('div')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'flex',
  padding: '6px 16px',
  borderRadius: theme.shape.borderRadius,
  color: darken(theme.palette.info.light, 0.6),
  backgroundColor: lighten(theme.palette.info.light, 0.9),
}));

const NoticeIcon = styled('div')(({ theme }) => ({
  marginRight: 12,
  padding: '7px 0',
  display: 'flex',
  fontSize: 22,
  opacity: 0.9,
  color: theme.palette.info.main,
}));

const NoticeMessage = styled('div')({ padding: '8px 0', minWidth: 0, overflow: 'auto' });

/** A short information line with an icon, announced politely (`role="status"`). */
export function AuthNotice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <NoticeRoot role="status">
      <NoticeIcon>{icon}</NoticeIcon>
      <NoticeMessage>{children}</NoticeMessage>
    </NoticeRoot>
  );
}
