import Box from '@mui/material/Box';

/** The app's mark (same drawing as the favicon). */
export function BrandMark({ size = 36, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : '#0d47a1'} />
      <path d="M18 46 32 16l14 30h-7l-7-15-7 15z" fill={inverted ? '#0d47a1' : '#ffffff'} />
    </Box>
  );
}
