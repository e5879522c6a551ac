import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import type { TrainerAccount } from '@ajar/shared/users/users.schemas';
import { trainerKeys, useTrainerAccount, useTrainerSearch } from '../api/get-trainers';

export interface TrainerAccountFieldProps {
  /** The linked account's id (`fasilitator.N.user_id`), or null. */
  value: string | null;
  onChange(id: string | null): void;
  onBlur?(): void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
}

/** Typing waits this long before it searches. */
const searchDelayMs = 300;

const missingAccountLabel = 'Akun tidak ditemukan atau tidak aktif';

/**
 * 'Akun trainer' of a facilitator: searches active trainer accounts as you type (name or e-mail).
 * Linking an account assigns that trainer to the program; clearing the choice unlinks it.
 */
export function TrainerAccountField({
  value,
  onChange,
  onBlur,
  error = false,
  helperText,
  disabled = false,
}: TrainerAccountFieldProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // What the input shows while open, what the user typed (searched after a pause), the search.
  const [shown, setShown] = useState('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed]);

  const results = useTrainerSearch(search, open);
  const linked = useTrainerAccount(value);

  // The linked account as an option; one that is gone or inactive still shows, named as such, so
  // the user sees why the save is refused and can clear it.
  const selected: TrainerAccount | null = value
    ? (linked.data ?? {
        id: value,
        fullname: linked.isPending ? 'Memuat…' : missingAccountLabel,
        email: '',
      })
    : null;

  const options = results.data?.list ?? [];

  return (
    <Autocomplete<TrainerAccount, false, false, false>
      value={selected}
      onChange={(_, option) => {
        if (option) queryClient.setQueryData(trainerKeys.account(option.id), option);
        onChange(option?.id ?? null);
      }}
      inputValue={open ? shown : (selected?.fullname ?? '')}
      onInputChange={(_, text, reason) => {
        setShown(text);
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      open={open}
      onOpen={() => {
        // Opening lists every trainer; the linked name stays in the input until the user types.
        setShown(selected?.fullname ?? '');
        setTyped('');
        setSearch('');
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      onBlur={onBlur}
      options={options}
      // The server searches; every answer it gives is shown.
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.fullname}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={results.isFetching}
      loadingText="Memuat…"
      noOptionsText="Akun trainer tidak ditemukan"
      openText="Buka"
      closeText="Tutup"
      clearText="Hapus akun trainer"
      // Escape clears too, for keyboard users (the clear button shows on hover or focus).
      clearOnEscape
      disabled={disabled}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{option.fullname}</Typography>
            <Typography variant="caption" color="text.secondary">
              {option.email}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Akun trainer"
          placeholder="Cari nama atau email trainer"
          error={error}
          helperText={
            helperText ??
            'Trainer yang ditautkan dapat melihat program ini. Kosongkan untuk melepas tautan.'
          }
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {results.isFetching && open ? <CircularProgress color="inherit" size={18} /> : null}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}
