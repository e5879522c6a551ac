import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { useFieldArray, type Control, type FieldPath } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import type { ActivityFormValues } from '../lib/activity-form-model';

type PairListName = 'meta' | 'content.embed_youtube';

export interface PairListEditorProps {
  control: Control<ActivityFormValues>;
  name: PairListName;
  title: string;
  /** Labels of the two fields of a pair. */
  firstLabel: string;
  secondLabel: string;
  /** Multi-line second field (metadata content). */
  multiline?: boolean;
  addLabel: string;
  emptyText: string;
  /** Aria label of a row's delete button. */
  removeLabel: (index: number) => string;
}

const keys = { meta: ['title', 'content'], 'content.embed_youtube': ['title', 'url'] } as const;

/** A list of two-field pairs that can be added and deleted (metadata, YouTube links). */
export function PairListEditor({
  control,
  name,
  title,
  firstLabel,
  secondLabel,
  multiline = false,
  addLabel,
  emptyText,
  removeLabel,
}: PairListEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const [first, second] = keys[name];

  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {emptyText}
          </Typography>
        )}
        {fields.map((field, index) => (
          <Paper
            key={field.id}
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
          >
            <Typography
              color="text.secondary"
              sx={{ minWidth: 24, pt: 1, fontVariantNumeric: 'tabular-nums' }}
            >
              {index + 1}.
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ flex: 1 }}>
              <FormTextField
                control={control}
                name={`${name}.${index}.${first}` as FieldPath<ActivityFormValues>}
                label={firstLabel}
                size="small"
                required
                sx={{ flex: 1 }}
              />
              <FormTextField
                control={control}
                name={`${name}.${index}.${second}` as FieldPath<ActivityFormValues>}
                label={secondLabel}
                size="small"
                required={!multiline}
                multiline={multiline}
                minRows={multiline ? 1 : undefined}
                sx={{ flex: multiline ? 2 : 1.5 }}
              />
            </Stack>
            <Tooltip title="Hapus">
              <IconButton aria-label={removeLabel(index)} onClick={() => remove(index)}>
                <DeleteOutlineRounded />
              </IconButton>
            </Tooltip>
          </Paper>
        ))}
        <Box>
          <Button
            variant="outlined"
            size="small"
            startIcon={<AddRounded />}
            onClick={() =>
              name === 'meta' ? append({ title: '', content: '' }) : append({ title: '', url: '' })
            }
          >
            {addLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
