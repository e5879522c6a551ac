import type { ReactNode } from 'react';
import {
  Box,
  Button,
  IconButton,
  Stack,
  Typography,
  type StackProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';

export interface OptionListProps {
  /** The heading above the rows, e.g. 'Daftar kata yang dicari'. */
  title: string;
  /** When given, the list is a group with this accessible name, e.g. 'Daftar kata'. */
  groupLabel?: string;
  /** The add button's text, e.g. 'Tambah Kata'. */
  addLabel: string;
  onAdd(): void;
  disabled: boolean;
  children: ReactNode;
}

/** The rows of a pop-up question's options (or pairs, or words) with the button that adds one. */
export function OptionList({
  title,
  groupLabel,
  addLabel,
  onAdd,
  disabled,
  children,
}: OptionListProps) {
  return (
    <Stack spacing={1.5} role={groupLabel ? 'group' : undefined} aria-label={groupLabel}>
      <Typography variant="subtitle2">{title}</Typography>
      {children}
      <Box>
        <Button size="small" startIcon={<Add />} onClick={onAdd} disabled={disabled}>
          {addLabel}
        </Button>
      </Box>
    </Stack>
  );
}

export interface OptionRowProps extends Omit<StackProps, 'children'> {
  /** The remove button's accessible name, e.g. 'Hapus opsi 2'. */
  removeLabel: string;
  onRemove(): void;
  disabled: boolean;
  /** Placement of the remove button within the row. */
  removeSx?: SxProps<Theme>;
  children: ReactNode;
}

/** One row of an `OptionList`: its fields (laid out by the Stack props), then its remove button. */
export function OptionRow({
  removeLabel,
  onRemove,
  disabled,
  removeSx,
  children,
  ...stack
}: OptionRowProps) {
  return (
    <Stack {...stack}>
      {children}
      <IconButton aria-label={removeLabel} onClick={onRemove} disabled={disabled} sx={removeSx}>
        <DeleteOutline />
      </IconButton>
    </Stack>
  );
}
