import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { DropZone } from './drop-zone';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Close from '@mui/icons-material/Close';
import { formatFileSize } from '@ajar/shared/common/format';

export interface FileDropProps {
  /** The `accept` attribute of the picker, e.g. `video/mp4,.mp4`; also checked on drop. */
  accept: string;
  /** Largest accepted file, in bytes. */
  maxBytes?: number;
  /** The chosen file (controlled). */
  value: File | null;
  onChange: (file: File | null) => void;
  /** Accessible name of the zone and the picker (e.g. 'File video'). */
  label: string;
  /** Text inside the zone. */
  hint?: ReactNode;
  /** Shown when a file is dropped that does not match `accept`. */
  typeMessage: string;
  /** Shown when a file is larger than `maxBytes`. */
  sizeMessage?: string;
  /** An error from outside (server validation, a failed upload). */
  error?: string;
  /** Upload progress 0..1 while sending, `null` otherwise. */
  progress?: number | null;
  /** The file already saved, shown when no new file is chosen. */
  current?: ReactNode;
  disabled?: boolean;
}

/** Does the file match an `accept` list (MIME types, `type/*` wildcards and `.ext` suffixes)? */
export function matchesAccept(file: Pick<File, 'name' | 'type'>, accept: string): boolean {
  const rules = accept
    .split(',')
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const mime = file.type.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return mime.startsWith(rule.slice(0, -1));
    return mime === rule;
  });
}

/** What an upload is doing: sending (with the share sent), then waiting for the server. */
export function uploadStateText(progress: number): string {
  return progress >= 1 ? 'Memproses file…' : `Mengunggah ${Math.round(progress * 100)}%`;
}

/**
 * A drag-and-drop zone with a file picker. The file is checked here for kind and size so a wrong
 * file is refused before any byte is sent; the server checks the bytes again.
 */
export function FileDrop({
  accept,
  maxBytes,
  value,
  onChange,
  label,
  hint,
  typeMessage,
  sizeMessage,
  error,
  progress = null,
  current,
  disabled = false,
}: FileDropProps) {
  const [rejection, setRejection] = useState<string | null>(null);
  const errorId = useId();
  const uploading = progress !== null;
  const locked = disabled || uploading;

  const take = (file: File | undefined) => {
    if (!file) return;
    if (!matchesAccept(file, accept)) {
      setRejection(typeMessage);
      return;
    }
    if (maxBytes !== undefined && file.size > maxBytes) {
      setRejection(sizeMessage ?? typeMessage);
      return;
    }
    setRejection(null);
    onChange(file);
  };

  const shownError = rejection ?? error;

  return (
    <Box>
      <DropZone
        zoneLabel={label}
        inputLabel={label}
        accept={accept}
        hint={hint ?? 'Tarik dan lepas file di sini, atau'}
        locked={locked}
        dimmed={disabled}
        invalid={Boolean(shownError)}
        describedBy={shownError ? errorId : undefined}
        onFile={take}
      />

      {value ? (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{
            alignItems: 'center',
            mt: 1.5,
            px: 1.5,
            py: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          <InsertDriveFileOutlined color="primary" />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap title={value.name} sx={{ fontWeight: 600 }}>
              {value.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" role="status">
              {formatFileSize(value.size)}
              {uploading ? ` · ${uploadStateText(progress ?? 0)}` : ''}
            </Typography>
            {uploading &&
              // Every byte sent: the server is still reading the file (no percentage to show).
              ((progress ?? 0) >= 1 ? (
                <LinearProgress
                  aria-label={`Memproses ${value.name}`}
                  sx={{ mt: 0.5, borderRadius: 1 }}
                />
              ) : (
                <LinearProgress
                  variant="determinate"
                  value={Math.round((progress ?? 0) * 100)}
                  aria-label={`Mengunggah ${value.name}`}
                  sx={{ mt: 0.5, borderRadius: 1 }}
                />
              ))}
          </Box>
          {!uploading && (
            <Tooltip title="Batalkan file">
              <span>
                <IconButton
                  size="small"
                  aria-label="Batalkan file"
                  disabled={disabled}
                  onClick={() => {
                    setRejection(null);
                    onChange(null);
                  }}
                >
                  <Close fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Stack>
      ) : (
        current
      )}

      {shownError && (
        <Typography
          id={errorId}
          role="alert"
          variant="caption"
          color="error"
          sx={{ display: 'block', mt: 0.5 }}
        >
          {shownError}
        </Typography>
      )}
    </Box>
  );
}
