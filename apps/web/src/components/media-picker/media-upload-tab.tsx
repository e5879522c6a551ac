import { useEffect, useId, useMemo } from 'react';
import { Box, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import GraphicEqOutlined from '@mui/icons-material/GraphicEqOutlined';
import { formatFileSize } from '@ajar/shared/common/format';
import type { PickableMediaType } from '@ajar/shared/media/media.schemas';
import { DropZone } from '../drop-zone';
import { pickerAccept } from './media-picker-model';

const kindLabel: Record<PickableMediaType, string> = { image: 'gambar', audio: 'audio' };

interface UploadPanelProps {
  type: PickableMediaType;
  file: File | null;
  problem: string | null;
  progress: number | null;
  onChoose(file: File | undefined): void;
  onClear(): void;
}

/** 'Dari komputer': a drop zone with a file picker, the chosen file with its preview and progress. */
export function UploadPanel({
  type,
  file,
  problem,
  progress,
  onChoose,
  onClear,
}: UploadPanelProps) {
  const problemId = useId();
  const uploading = progress !== null;
  const label = `File ${kindLabel[type]}`;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <Stack spacing={1.5}>
      <DropZone
        zoneLabel={`Area unggah ${kindLabel[type]}`}
        inputLabel={label}
        accept={pickerAccept(type)}
        hint={`Tarik dan lepas file ${kindLabel[type]} di sini, atau`}
        locked={uploading}
        invalid={Boolean(problem)}
        describedBy={problem ? problemId : undefined}
        onFile={onChoose}
      />

      {file && preview && (
        <Stack
          direction="row"
          spacing={1.5}
          alignItems="center"
          sx={{ px: 1.5, py: 1, border: 1, borderColor: 'divider', borderRadius: 2 }}
        >
          {type === 'image' ? (
            <Box
              component="img"
              src={preview}
              alt={`Pratinjau ${file.name}`}
              sx={{ width: 72, height: 54, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
            />
          ) : (
            <GraphicEqOutlined color="primary" />
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap title={file.name} sx={{ fontWeight: 600 }}>
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatFileSize(file.size)}
              {uploading ? ` · ${Math.round(progress * 100)}%` : ''}
            </Typography>
            {uploading && (
              <LinearProgress
                variant="determinate"
                value={Math.round(progress * 100)}
                aria-label={`Mengunggah ${file.name}`}
                sx={{ mt: 0.5, borderRadius: 1 }}
              />
            )}
            {type === 'audio' && !uploading && (
              <Box
                component="audio"
                controls
                src={preview}
                aria-label={`Putar ${file.name}`}
                sx={{ display: 'block', width: '100%', height: 36, mt: 0.5 }}
              />
            )}
          </Box>
          {!uploading && (
            <IconButton size="small" aria-label="Batalkan file" onClick={onClear}>
              <Close fontSize="small" />
            </IconButton>
          )}
        </Stack>
      )}

      {problem && (
        <Typography id={problemId} role="alert" variant="body2" color="error">
          {problem}
        </Typography>
      )}
    </Stack>
  );
}
