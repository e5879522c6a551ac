import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatSecond } from '../lib/popup-quiz-model';

export interface ScrubberMarker {
  key: string;
  second: number;
  label: string;
}

export interface VideoScrubberProps {
  /** The video's address (`content.file.url`). */
  src: string;
  /** The chosen second. */
  value: number;
  onChange(second: number): void;
  /** Every quiz's second (the chosen one included), drawn on the strip. */
  markers: ScrubberMarker[];
  /** Accessible name of the strip. */
  label: string;
  /** Reports the video's length (whole seconds) once known. */
  onDuration?(seconds: number): void;
  disabled?: boolean;
}

/** Number of frames drawn on the strip. */
const frameCount = 10;
const frameHeight = 56;

/**
 * Draws `frameCount` frames of the video to a canvas, one at the middle of each slice of the
 * video, with a hidden video element of its own (the visible player is left alone).
 */
function useFrames(src: string) {
  const [frames, setFrames] = useState<string[]>([]);
  const [duration, setDuration] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setFrames([]);
    setDuration(null);
    setFailed(false);
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.playsInline = true;
    video.src = src;
    const seek = (time: number) =>
      new Promise<void>((resolve, reject) => {
        const done = () => {
          video.removeEventListener('seeked', done);
          video.removeEventListener('error', fail);
          resolve();
        };
        const fail = () => {
          video.removeEventListener('seeked', done);
          reject(new Error('seek failed'));
        };
        video.addEventListener('seeked', done);
        video.addEventListener('error', fail);
        video.currentTime = time;
      });
    const draw = async () => {
      const length = video.duration;
      if (!Number.isFinite(length) || length <= 0) throw new Error('no duration');
      setDuration(length);
      const width = Math.max(1, Math.round((video.videoWidth / video.videoHeight) * frameHeight));
      const canvas = document.createElement('canvas');
      canvas.width = width * 2;
      canvas.height = frameHeight * 2;
      const context = canvas.getContext('2d');
      if (!context) return;
      const drawn: string[] = [];
      for (let i = 0; i < frameCount && !cancelled; i += 1) {
        await seek(((i + 0.5) * length) / frameCount);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        drawn.push(canvas.toDataURL('image/jpeg', 0.7));
        if (!cancelled) setFrames([...drawn]);
      }
    };
    const onMeta = () => {
      draw().catch(() => {
        if (!cancelled) setFailed(true);
      });
    };
    const onError = () => {
      if (!cancelled) setFailed(true);
    };
    video.addEventListener('loadeddata', onMeta, { once: true });
    video.addEventListener('error', onError, { once: true });
    return () => {
      cancelled = true;
      video.removeEventListener('loadeddata', onMeta);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    };
  }, [src]);

  return { frames, duration, failed };
}

/**
 * Chooses the second of the video at which a pop-up quiz appears: the video itself (showing the
 * chosen frame), a strip of frames with a marker for every quiz, and the second as mm:ss.
 * Clicking the strip or dragging along it sets the second; the arrow keys move it by one.
 */
export function VideoScrubber({
  src,
  value,
  onChange,
  markers,
  label,
  onDuration,
  disabled = false,
}: VideoScrubberProps) {
  const { frames, duration, failed } = useFrames(src);
  const stripRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<HTMLVideoElement>(null);
  const dragging = useRef(false);
  const max = duration === null ? 0 : Math.floor(duration);

  useEffect(() => {
    if (duration !== null) onDuration?.(Math.floor(duration));
  }, [duration, onDuration]);

  // The player shows the chosen frame (unless it is playing).
  useEffect(() => {
    const player = playerRef.current;
    if (!player || !player.paused || Number.isNaN(player.duration)) return;
    if (Math.abs(player.currentTime - value) > 0.25) player.currentTime = value;
  }, [value]);

  const secondAt = useCallback(
    (clientX: number) => {
      const strip = stripRef.current;
      if (!strip || duration === null) return value;
      const rect = strip.getBoundingClientRect();
      const fraction = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
      return Math.min(max, Math.round(fraction * duration));
    },
    [duration, max, value],
  );

  const ready = duration !== null && !disabled;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!ready) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    onChange(secondAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    const next = secondAt(event.clientX);
    if (next !== value) onChange(next);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    // The release point is where the user let go: a busy browser may coalesce the last moves.
    if (dragging.current && event.type === 'pointerup') {
      const next = secondAt(event.clientX);
      if (next !== value) onChange(next);
    }
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };

  const percent = (second: number) =>
    duration ? `${Math.min(100, (second / duration) * 100)}%` : '0%';

  return (
    <Stack spacing={1}>
      <Box
        component="video"
        ref={playerRef}
        src={src}
        controls
        preload="metadata"
        aria-label="Video aktivitas"
        onLoadedMetadata={(event) => {
          event.currentTarget.currentTime = value;
        }}
        sx={{
          width: '100%',
          maxWidth: 480,
          maxHeight: 270,
          borderRadius: 1,
          bgcolor: 'common.black',
          display: 'block',
        }}
      />
      <Box
        ref={stripRef}
        role="slider"
        tabIndex={ready ? 0 : -1}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={formatSecond(value)}
        aria-disabled={!ready}
        data-testid="video-scrubber-strip"
        data-duration={duration ?? undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={(event) => {
          if (!ready) return;
          const step: Record<string, number> = {
            ArrowLeft: -1,
            ArrowDown: -1,
            ArrowRight: 1,
            ArrowUp: 1,
            PageDown: -5,
            PageUp: 5,
          };
          let next: number | null = null;
          if (event.key in step) next = value + step[event.key]!;
          else if (event.key === 'Home') next = 0;
          else if (event.key === 'End') next = max;
          if (next === null) return;
          event.preventDefault();
          onChange(Math.min(max, Math.max(0, next)));
        }}
        sx={{
          position: 'relative',
          height: frameHeight,
          mt: 2.5,
          borderRadius: 1,
          overflow: 'visible',
          bgcolor: 'grey.900',
          cursor: ready ? 'pointer' : 'default',
          touchAction: 'none',
          userSelect: 'none',
          outline: 'none',
          '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.light}` },
        }}
      >
        <Box sx={{ display: 'flex', height: '100%', overflow: 'hidden', borderRadius: 1 }}>
          {Array.from({ length: frameCount }, (_, i) =>
            frames[i] ? (
              <Box
                key={i}
                component="img"
                src={frames[i]}
                alt=""
                draggable={false}
                sx={{ flex: 1, minWidth: 0, height: '100%', objectFit: 'cover' }}
              />
            ) : (
              <Box key={i} sx={{ flex: 1, borderRight: 1, borderColor: 'grey.800' }} />
            ),
          )}
        </Box>
        {ready &&
          markers.map((marker) => (
            <Tooltip key={marker.key} title={`${marker.label} · ${formatSecond(marker.second)}`}>
              <Box
                data-testid="video-scrubber-marker"
                aria-hidden
                sx={{
                  position: 'absolute',
                  top: -6,
                  bottom: -6,
                  left: percent(marker.second),
                  width: 4,
                  ml: '-2px',
                  borderRadius: 1,
                  bgcolor: 'warning.main',
                  opacity: 0.85,
                }}
              />
            </Tooltip>
          ))}
        {ready && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: -10,
              bottom: -10,
              left: percent(value),
              width: 4,
              ml: '-2px',
              bgcolor: 'primary.main',
              boxShadow: 2,
              pointerEvents: 'none',
              '&::before': {
                content: '""',
                position: 'absolute',
                top: -6,
                left: -5,
                width: 14,
                height: 14,
                borderRadius: '50%',
                bgcolor: 'primary.main',
              },
            }}
          />
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Muncul pada {formatSecond(value)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {failed
            ? 'Video tidak dapat dimuat'
            : duration === null
              ? 'Memuat video…'
              : `Durasi ${formatSecond(duration)}`}
        </Typography>
      </Stack>
    </Stack>
  );
}
