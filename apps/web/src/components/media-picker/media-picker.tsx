import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import { mediaMessages } from '@ajar/shared/media/media.constants';
import type { MediaItem, PickableMediaType } from '@ajar/shared/media/media.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { mediaKeys, uploadMediaFile, type MediaInformation } from './media-api';
import {
  emptyInfo,
  infoFields,
  infoSchema,
  LibraryInformation,
  UploadInformation,
} from './media-info-panel';
import { HistoryPanel } from './media-library-tab';
import { pickedFileProblem } from './media-picker-model';
import { UploadPanel } from './media-upload-tab';

export interface MediaPickerProps {
  open: boolean;
  type: 'image' | 'audio';
  onClose(): void;
  onSelect(media: MediaItem): void;
}

type PickerTab = 'history' | 'upload';

/**
 * The media picker 'Sisipkan image/audio' (spec 02 §2): choose from the recent library of one kind
 * ('Riwayat') or upload a file ('Dari komputer') with its 'Information media'; 'Lanjut' hands the
 * chosen or uploaded item to `onSelect` and closes.
 */
export function MediaPicker({ open, type, onClose, onSelect }: MediaPickerProps) {
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{
        // 600 px (spec 02 §9) for the library and upload; on wide screens the side panel sits
        // beside them instead of below, so the dialog grows by the panel's width.
        paper: { sx: { maxWidth: { xs: 600, md: 900 } } },
      }}
    >
      {/* The dialog unmounts its content once closed, so every opening starts clean. */}
      <MediaPickerContent
        titleId={titleId}
        type={type}
        onClose={onClose}
        onSelect={onSelect}
        onBusyChange={setBusy}
      />
    </Dialog>
  );
}

interface ContentProps {
  titleId: string;
  type: PickableMediaType;
  onClose(): void;
  onSelect(media: MediaItem): void;
  onBusyChange(busy: boolean): void;
}

/** The dialog's content: mounted while it is open (and during its closing fade). */
function MediaPickerContent({ titleId, type, onClose, onSelect, onBusyChange }: ContentProps) {
  const queryClient = useQueryClient();
  const tabsId = useId();
  const [tab, setTab] = useState<PickerTab>('history');
  const [selected, setSelected] = useState<MediaItem | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [info, setInfo] = useState<MediaInformation>(emptyInfo);
  const [infoErrors, setInfoErrors] = useState<Partial<Record<keyof MediaInformation, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploading = progress !== null;

  useEffect(() => {
    onBusyChange(uploading);
    return () => onBusyChange(false);
  }, [uploading, onBusyChange]);

  // The next opening starts at the first page again (and refreshes it), not at the last 'More'.
  useEffect(
    () => () => {
      queryClient.setQueryData<{ pages: unknown[]; pageParams: unknown[] }>(
        mediaKeys.history(type),
        (data) =>
          data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
      );
    },
    [queryClient, type],
  );

  const chooseFile = (picked: File | undefined) => {
    if (!picked) return;
    setUploadError(null);
    const problem = pickedFileProblem(picked, type);
    setFileProblem(problem);
    // A refused file is not kept, so 'Lanjut' stays disabled (spec 02 §4).
    setFile(problem ? null : picked);
  };

  const canContinue =
    !uploading && (tab === 'history' ? selected !== null : file !== null && !fileProblem);

  const finish = (media: MediaItem) => {
    onSelect(media);
    onClose();
  };

  const submitUpload = async () => {
    if (!file) return;
    setUploadError(null);
    const parsed = infoSchema.safeParse(info);
    if (!parsed.success) {
      const errors: Partial<Record<keyof MediaInformation, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof MediaInformation;
        errors[key] ??= issue.message;
      }
      setInfoErrors(errors);
      return;
    }
    setInfoErrors({});
    setProgress(0);
    try {
      const media = await uploadMediaFile(file, info, setProgress, type);
      // The next opening loads the history afresh, the new item first.
      queryClient.removeQueries({ queryKey: mediaKeys.histories() });
      if (media.type !== type) {
        // The name and claimed type said one kind, the bytes another: it cannot go here.
        setUploadError(mediaMessages.wrongKind(type));
        return;
      }
      finish(media);
    } catch (error) {
      if (error instanceof ApiError && error.validation) {
        const errors: Partial<Record<keyof MediaInformation, string>> = {};
        for (const field of infoFields) {
          const message = error.validation[field.name];
          if (message) errors[field.name] = message;
        }
        setInfoErrors(errors);
        const fileMessage = error.validation.file;
        setUploadError(fileMessage ?? (Object.keys(errors).length ? null : error.message));
      } else {
        setUploadError(errorMessage(error));
      }
    } finally {
      setProgress(null);
    }
  };

  const onContinue = () => {
    if (tab === 'history') {
      if (selected) finish(selected);
      return;
    }
    void submitUpload();
  };

  return (
    <>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Sisipkan image/audio
        <IconButton
          aria-label="Tutup"
          onClick={onClose}
          disabled={uploading}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ minHeight: { md: 420 } }}>
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Tabs
              value={tab}
              onChange={(_, value: PickerTab) => setTab(value)}
              aria-label="Sumber media"
              sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab
                value="history"
                label="Riwayat"
                id={`${tabsId}-history`}
                aria-controls={`${tabsId}-history-panel`}
                disabled={uploading}
              />
              <Tab
                value="upload"
                label="Dari komputer"
                id={`${tabsId}-upload`}
                aria-controls={`${tabsId}-upload-panel`}
                disabled={uploading}
              />
            </Tabs>
            <Box
              role="tabpanel"
              id={`${tabsId}-${tab}-panel`}
              aria-labelledby={`${tabsId}-${tab}`}
              sx={{ p: 2, flex: 1 }}
            >
              {tab === 'history' ? (
                <HistoryPanel type={type} selected={selected} onSelect={setSelected} />
              ) : (
                <UploadPanel
                  type={type}
                  file={file}
                  problem={fileProblem ?? uploadError}
                  progress={progress}
                  onChoose={chooseFile}
                  onClear={() => {
                    setFile(null);
                    setFileProblem(null);
                    setUploadError(null);
                  }}
                />
              )}
            </Box>
          </Box>
          <Box
            component="section"
            aria-labelledby={`${tabsId}-info`}
            sx={{
              width: { xs: '100%', md: 300 },
              flexShrink: 0,
              p: 2,
              // Widths only: a responsive `border` shorthand would come later in the CSS and
              // reset the colour.
              borderStyle: 'solid',
              borderWidth: 0,
              borderTopWidth: { xs: 1, md: 0 },
              borderLeftWidth: { xs: 0, md: 1 },
              borderColor: 'divider',
              bgcolor: 'grey.50',
            }}
          >
            <Typography id={`${tabsId}-info`} variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
              Information media
            </Typography>
            {tab === 'history' ? (
              <LibraryInformation media={selected} />
            ) : (
              <UploadInformation
                info={info}
                errors={infoErrors}
                disabled={uploading}
                onChange={(name, value) => {
                  setInfo((current) => ({ ...current, [name]: value }));
                  setInfoErrors((current) => ({ ...current, [name]: undefined }));
                }}
              />
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button
          variant="contained"
          onClick={onContinue}
          disabled={!canContinue}
          startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Lanjut
        </Button>
      </DialogActions>
    </>
  );
}
