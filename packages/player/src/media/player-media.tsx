import Box from '@mui/material/Box';

interface MediaLike {
  url?: string | null;
}

/**
 * HTML written by authors. It was sanitized by the server when it was saved (allow-list), so it
 * is shown as it is.
 */
export function PlayerHtml({ html, label }: { html: string; label?: string }) {
  if (!html.trim()) return null;
  return (
    <Box
      aria-label={label}
      sx={{
        '& p': { my: 0.5 },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& ul, & ol': { my: 0.5, pl: 3 },
        wordBreak: 'break-word',
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function PlayerImage({
  media,
  alt,
  maxHeight = 220,
}: {
  media: MediaLike | null | undefined;
  alt: string;
  maxHeight?: number;
}) {
  if (!media?.url) return null;
  return (
    <Box
      component="img"
      src={media.url}
      alt={alt}
      sx={{
        display: 'block',
        maxWidth: '100%',
        maxHeight,
        objectFit: 'contain',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.default',
      }}
    />
  );
}

export function PlayerAudio({
  media,
  label,
}: {
  media: MediaLike | null | undefined;
  label: string;
}) {
  if (!media?.url) return null;
  return (
    <Box
      component="audio"
      controls
      preload="none"
      src={media.url}
      aria-label={label}
      sx={{ width: '100%', maxWidth: 420 }}
    />
  );
}
