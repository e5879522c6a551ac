import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { mediaFormats, mediaLimits, tooLargeMessage } from '@ajar/shared/media/media.constants';
import { ApiError, errorMessage, upload } from '../api/http';

/** An uploaded image as forms keep it: the media id and where it is served. */
export interface UploadedImage {
  id: string;
  url: string;
}

interface UploadReply {
  id: string;
  url: string;
  public_url: string;
  type: string;
}

export interface ImageUploadProps {
  /** Visible label; also the accessible name of the file input. */
  label: string;
  value: UploadedImage | null;
  onChange: (image: UploadedImage | null) => void;
  /** Name the file is sent under (spec 01 §5: cover.jpg, fasilitator.jpg). */
  fileName: string;
  /** Snackbar after a successful upload ('Sukses Upload Cover Program'). */
  successMessage: string;
  loadingMessage?: string;
  /** Shown when the chosen file is not an image (spec 01 §5). */
  notImageMessage?: string;
  /** Stored as the media title, so the media library shows something meaningful. */
  title?: string;
  helperText?: ReactNode;
  error?: boolean;
  disabled?: boolean;
  /** Preview box size. */
  previewWidth?: number;
  previewHeight?: number;
}

const uploadPath = '/storage/v1/media/company/upload';

/** The image formats media storage accepts (JPG, PNG, GIF, WebP): the picker's `accept` too. */
const imageMimes: string[] = Object.values(mediaFormats)
  .filter((format) => format.type === 'image')
  .map((format) => format.mime);

/**
 * Picks an image and sends it to media storage at once (spec 01 §5), showing progress and a
 * preview. The form keeps only the returned media id and URL.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  fileName,
  successMessage,
  loadingMessage = 'Loading Upload ...',
  notImageMessage = 'Select an image',
  title,
  helperText,
  error = false,
  disabled = false,
  previewWidth = 280,
  previewHeight = 168,
}: ImageUploadProps) {
  const inputId = useId();
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    // Spec 01 §5: anything but an image the storage takes (also SVG, BMP, HEIC) is refused here.
    if (!imageMimes.includes(file.type)) {
      setProblem(notImageMessage);
      return;
    }
    if (file.size > mediaLimits.image) {
      setProblem(tooLargeMessage('image'));
      return;
    }
    const form = new FormData();
    form.append('source', 'upload');
    form.append('title', title ?? fileName);
    form.append('alt', title ?? label);
    // The server detects the real type from the bytes; the name is the spec's fixed one.
    form.append('file', new File([file], fileName, { type: file.type }));
    setLocalPreview(URL.createObjectURL(file));
    setProgress(0);
    const loading = enqueueSnackbar(loadingMessage, { variant: 'info', persist: true });
    try {
      const media = await upload<UploadReply>('POST', uploadPath, form, setProgress);
      // The server reads the kind from the bytes: a PDF named .jpg is stored, but is no image.
      if (media.type !== 'image') {
        setProblem(notImageMessage);
        return;
      }
      onChange({ id: media.id, url: media.public_url || media.url });
      enqueueSnackbar(successMessage, { variant: 'success' });
    } catch (err) {
      // 415: the bytes are no format the storage takes, whatever the file's name says.
      if (err instanceof ApiError && err.status === 415) setProblem(notImageMessage);
      else enqueueSnackbar(errorMessage(err), { variant: 'error' });
    } finally {
      closeSnackbar(loading);
      setProgress(null);
      setLocalPreview(null);
    }
  };

  const uploading = progress !== null;
  const shown = localPreview ?? value?.url ?? null;

  return (
    <FormControl fullWidth error={error} disabled={disabled}>
      <FormLabel id={labelId} htmlFor={inputId} sx={{ mb: 0.75, fontSize: 14 }}>
        {label}
      </FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
        <Box
          sx={{
            width: previewWidth,
            maxWidth: '100%',
            height: previewHeight,
            borderRadius: 1,
            border: 1,
            borderStyle: shown ? 'solid' : 'dashed',
            borderColor: error ? 'error.main' : 'divider',
            bgcolor: 'grey.50',
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            position: 'relative',
            flexShrink: 0,
          }}
        >
          {shown ? (
            <Box
              component="img"
              src={shown}
              alt={`Pratinjau ${label}`}
              sx={{
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                opacity: uploading ? 0.5 : 1,
              }}
            />
          ) : (
            <Stack alignItems="center" spacing={0.5} sx={{ color: 'text.disabled' }}>
              <AddPhotoAlternateOutlinedIcon fontSize="large" />
              <Typography variant="caption">Belum ada gambar</Typography>
            </Stack>
          )}
          {uploading && (
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label={`Mengunggah ${label}`}
              sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 6 }}
            />
          )}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<AddPhotoAlternateOutlinedIcon />}
              disabled={disabled || uploading}
              onClick={() => input.current?.click()}
            >
              {value ? 'Ganti Gambar' : 'Pilih Gambar'}
            </Button>
            {value && (
              <Button
                variant="text"
                size="small"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                disabled={disabled || uploading}
                onClick={() => onChange(null)}
              >
                Hapus
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            JPG, PNG, GIF atau WebP, maksimal {Math.round(mediaLimits.image / (1024 * 1024))} MB
          </Typography>
          {problem && (
            <Alert severity="error" onClose={() => setProblem(null)} sx={{ py: 0 }}>
              {problem}
            </Alert>
          )}
        </Stack>
      </Stack>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={imageMimes.join(',')}
        aria-label={label}
        hidden
        disabled={disabled || uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Reset so choosing the same file again still fires a change.
          event.target.value = '';
          void pick(file);
        }}
      />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
