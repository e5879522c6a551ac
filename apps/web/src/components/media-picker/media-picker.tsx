import { useEffect, useId, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  ListItemButton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import GraphicEqOutlined from '@mui/icons-material/GraphicEqOutlined';
import { formatFileSize } from '@ajar/shared/common/format';
import { mediaMessages } from '@ajar/shared/media/media.constants';
import {
  mediaFieldLimits,
  mediaUploadFieldsSchema,
  type MediaItem,
  type PickableMediaType,
} from '@ajar/shared/media/media.schemas';
import { DropZone } from '../drop-zone';
import { ApiError, errorMessage } from '../../api/http';
import { mediaKeys, uploadMediaFile, useMediaHistory, type MediaInformation } from './media-api';
import {
  historyCounter,
  mergeHistoryPages,
  pickedFileProblem,
  pickerAccept,
} from './media-picker-model';

export interface MediaPickerProps {
  open: boolean;
  type: 'image' | 'audio';
  onClose(): void;
  onSelect(media: MediaItem): void;
}

type PickerTab = 'history' | 'upload';

const infoFields = [
  { name: 'title', label: 'Title', rows: 1 },
  { name: 'caption', label: 'Caption', rows: 2 },
  { name: 'alt', label: 'Alt', rows: 1 },
  { name: 'description', label: 'Description', rows: 3 },
] as const satisfies readonly { name: keyof MediaInformation; label: string; rows: number }[];

const infoSchema = mediaUploadFieldsSchema.pick({
  title: true,
  caption: true,
  alt: true,
  description: true,
});

const emptyInfo: MediaInformation = { title: '', caption: '', alt: '', description: '' };

const kindLabel: Record<PickableMediaType, string> = { image: 'gambar', audio: 'audio' };

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
      const media = await uploadMediaFile(file, info, setProgress);
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
              <Stack spacing={1.5}>
                {infoFields.map((field) => (
                  <TextField
                    key={field.name}
                    label={field.label}
                    size="small"
                    fullWidth
                    multiline={field.rows > 1}
                    minRows={field.rows > 1 ? field.rows : undefined}
                    value={info[field.name]}
                    disabled={uploading}
                    error={Boolean(infoErrors[field.name])}
                    helperText={infoErrors[field.name]}
                    onChange={(event) => {
                      const value = event.target.value;
                      setInfo((current) => ({ ...current, [field.name]: value }));
                      setInfoErrors((current) => ({ ...current, [field.name]: undefined }));
                    }}
                    slotProps={{ htmlInput: { maxLength: mediaFieldLimits[field.name] } }}
                  />
                ))}
              </Stack>
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

function LibraryInformation({ media }: { media: MediaItem | null }) {
  if (!media) {
    return (
      <Typography variant="body2" color="text.secondary">
        Pilih media dari riwayat untuk melihat informasinya.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {infoFields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          size="small"
          fullWidth
          multiline={field.rows > 1}
          value={media[field.name] ?? ''}
          placeholder="-"
          slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        />
      ))}
    </Stack>
  );
}

interface HistoryPanelProps {
  type: PickableMediaType;
  selected: MediaItem | null;
  onSelect(media: MediaItem): void;
}

/** 'Riwayat': the library of one kind, newest first; 'More' appends the next page. */
function HistoryPanel({ type, selected, onSelect }: HistoryPanelProps) {
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

interface UploadPanelProps {
  type: PickableMediaType;
  file: File | null;
  problem: string | null;
  progress: number | null;
  onChoose(file: File | undefined): void;
  onClear(): void;
}

/** 'Dari komputer': a drop zone with a file picker, the chosen file with its preview and progress. */
function UploadPanel({ type, file, problem, progress, onChoose, onClear }: UploadPanelProps) {
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
