import { Typography, type SxProps, type Theme } from '@mui/material';

/** 'Hasil pencarian untuk “…”' above a list while a search is in effect; nothing otherwise. */
export function SearchResultNote({ q, sx }: { q: string; sx?: SxProps<Theme> }) {
  if (!q) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={sx}>
      Hasil pencarian untuk &ldquo;{q}&rdquo;
    </Typography>
  );
}
