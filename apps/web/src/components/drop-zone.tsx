import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';

export interface DropZoneProps {
  /** Accessible name of the zone (a group). */
  zoneLabel: string;
  /** Accessible name of the hidden file input. */
  inputLabel: string;
  /** The `accept` attribute of the picker. */
  accept: string;
  /** Text above the 'Pilih file' button. */
  hint: ReactNode;
  /** Takes no file (uploading, disabled). */
  locked: boolean;
  /** Drawn faded (disabled). */
  dimmed?: boolean;
  /** Drawn with the error colour. */
  invalid: boolean;
  /** Id of the message that describes the zone, if one is shown. */
  describedBy?: string;
  /** A dropped or picked file (undefined when the browser gives none). */
  onFile: (file: File | undefined) => void;
}

/** A dashed zone that takes one file by drag and drop or through 'Pilih file'. */
export function DropZone({
  zoneLabel,
  inputLabel,
  accept,
  hint,
  locked,
  dimmed = false,
  invalid,
  describedBy,
  onFile,
}: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!locked) onFile(event.dataTransfer.files[0]);
  };

  return (
    <Box
      role="group"
      aria-label={zoneLabel}
      aria-describedby={describedBy}
      onDragOver={(event) => {
        event.preventDefault();
        if (!locked) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={(theme) => ({
        border: '2px dashed',
        borderColor: invalid
          ? theme.palette.error.main
          : dragging
            ? theme.palette.primary.main
            : theme.palette.divider,
        borderRadius: 2,
        bgcolor: dragging ? alpha(theme.palette.primary.main, 0.06) : theme.palette.grey[50],
        px: 3,
        py: 3,
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
        opacity: dimmed ? 0.6 : 1,
      })}
    >
      <CloudUploadOutlined color={dragging ? 'primary' : 'action'} sx={{ fontSize: 40 }} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {hint}
      </Typography>
      <Button
        variant="outlined"
        size="small"
        sx={{ mt: 1 }}
        disabled={locked}
        onClick={() => inputRef.current?.click()}
      >
        Pilih file
      </Button>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={accept}
        aria-label={inputLabel}
        disabled={locked}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          // Reset so choosing the same file again still fires a change.
          event.target.value = '';
        }}
      />
    </Box>
  );
}
