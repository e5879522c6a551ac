import { useMemo } from 'react';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  ListItemButton,
  Stack,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import GraphicEqOutlined from '@mui/icons-material/GraphicEqOutlined';
import { formatFileSize } from '@ajar/shared/common/format';
import type { MediaItem, PickableMediaType } from '@ajar/shared/media/media.schemas';
import { errorMessage } from '@/api/http';
import { useMediaHistory } from './media-api';
import { historyCounter, mergeHistoryPages } from './media-picker-model';

interface HistoryPanelProps {
  type: PickableMediaType;
  selected: MediaItem | null;
  onSelect(media: MediaItem): void;
}

/** 'Riwayat': the library of one kind, newest first; 'More' appends the next page. */
export function HistoryPanel({ type, selected, onSelect }: HistoryPanelProps) {
  const history = useMediaHistory(type, true);
  const items = useMemo(() => mergeHistoryPages(history.data?.pages ?? []), [history.data]);
  const total = history.data?.pages.at(-1)?.total ?? 0;

  if (history.isPending) {
    return (
      <Stack alignItems="center" justifyContent="center" sx={{ py: 6 }}>
        <CircularProgress aria-label="Memuat media" />
      </Stack>
    );
  }
  if (history.isError && !history.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()}>
            Coba lagi
          </Button>
        }
      >
        {errorMessage(history.error)}
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Stack alignItems="center" spacing={1} sx={{ py: 6, color: 'text.secondary' }}>
        <CloudUploadOutlined fontSize="large" />
        <Typography variant="body2">Belum ada media</Typography>
      </Stack>
    );
  }

  return (
    <Stack spacing={1.5}>
      {type === 'image' ? (
        <ImageGrid items={items} selected={selected} onSelect={onSelect} />
      ) : (
        <AudioList items={items} selected={selected} onSelect={onSelect} />
      )}
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {historyCounter(items.length, total)}
        </Typography>
        {history.hasNextPage && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
            startIcon={
              history.isFetchingNextPage ? <CircularProgress size={14} color="inherit" /> : null
            }
          >
            More
          </Button>
        )}
      </Stack>
      {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
    </Stack>
  );
}

interface ItemsProps {
  items: MediaItem[];
  selected: MediaItem | null;
  onSelect(media: MediaItem): void;
}

const untitled = 'Tanpa judul';

function ImageGrid({ items, selected, onSelect }: ItemsProps) {
  return (
    <Box
      role="list"
      aria-label="Riwayat gambar"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}
    >
      {items.map((item) => {
        const isSelected = selected?.id === item.id;
        return (
          <Box role="listitem" key={item.id} sx={{ minWidth: 0 }}>
            <ButtonBase
              focusRipple
              aria-pressed={isSelected}
              aria-label={item.title ?? untitled}
              title={item.title ?? untitled}
              onClick={() => onSelect(item)}
              sx={(theme) => ({
                display: 'block',
                width: '100%',
                aspectRatio: '4 / 3',
                borderRadius: 1,
                overflow: 'hidden',
                position: 'relative',
                bgcolor: 'grey.100',
                outline: isSelected
                  ? `3px solid ${theme.palette.primary.main}`
                  : `1px solid ${theme.palette.divider}`,
                outlineOffset: isSelected ? -3 : -1,
                '&.Mui-focusVisible': {
                  boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.4)}`,
                },
              })}
            >
              <Box
                component="img"
                src={item.public_url}
                alt={item.alt ?? ''}
                loading="lazy"
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {isSelected && (
                <CheckCircle
                  color="primary"
                  sx={{
                    position: 'absolute',
                    top: 6,
                    right: 6,
                    bgcolor: 'background.paper',
                    borderRadius: '50%',
                  }}
                />
              )}
            </ButtonBase>
            <Typography variant="caption" noWrap component="p" sx={{ mt: 0.25 }}>
              {item.title ?? untitled}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

function AudioList({ items, selected, onSelect }: ItemsProps) {
  return (
    <Stack role="list" aria-label="Riwayat audio" spacing={1}>
      {items.map((item) => {
        const isSelected = selected?.id === item.id;
        const title = item.title ?? untitled;
        return (
          <Stack
            role="listitem"
            key={item.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            alignItems={{ xs: 'stretch', sm: 'center' }}
            sx={(theme) => ({
              border: 1,
              borderColor: isSelected ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 0.5,
              bgcolor: isSelected ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
            })}
          >
            <ListItemButton
              aria-pressed={isSelected}
              aria-label={title}
              selected={isSelected}
              onClick={() => onSelect(item)}
              sx={{ borderRadius: 1, minWidth: 0, flex: 1, gap: 1 }}
            >
              {isSelected ? <CheckCircle color="primary" /> : <GraphicEqOutlined color="action" />}
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                  {title}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatFileSize(item.size)}
                </Typography>
              </Box>
            </ListItemButton>
            <Box
              component="audio"
              controls
              preload="none"
              src={item.public_url}
              aria-label={`Putar ${title}`}
              sx={{ width: { xs: '100%', sm: 220 }, height: 40, flexShrink: 0 }}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
