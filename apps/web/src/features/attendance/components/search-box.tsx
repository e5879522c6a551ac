import { useEffect, useState } from 'react';
import { Box, IconButton, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';

export interface SearchBoxProps {
  label: string;
  /** The search in effect (from the URL). */
  value: string;
  /** Called on Enter and on clearing, with the trimmed text. */
  onSearch: (q: string) => void;
}

/** A search field that searches on Enter, like the program list. */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      sx={{ width: { xs: '100%', sm: 360 } }}
    >
      <TextField
        size="small"
        fullWidth
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  aria-label="Hapus pencarian"
                  edge="end"
                  onClick={() => {
                    setText('');
                    onSearch('');
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : null,
          },
          htmlInput: { enterKeyHint: 'search', maxLength: 100 },
        }}
      />
    </Box>
  );
}
