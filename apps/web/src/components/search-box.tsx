import { useEffect, useState } from 'react';
import { Box, IconButton, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';

export interface SearchBoxProps {
  label: string;
  placeholder?: string;
  /** The search in effect (from the URL). */
  value: string;
  /** Called on Enter and on clearing, with the trimmed text. */
  onSearch: (q: string) => void;
  /** The longest search the list's query schema accepts. */
  maxLength?: number;
  /** Width from the `sm` breakpoint up; the field spans the row on phones. */
  width?: number;
}

/** The lists' search field: searches on Enter (not on every key) and clears with its × button. */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  maxLength = 100,
  width = 360,
}: SearchBoxProps) {
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
      sx={{ width: { xs: '100%', sm: width } }}
    >
      <TextField
        size="small"
        fullWidth
        label={label}
        placeholder={placeholder}
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
          htmlInput: { enterKeyHint: 'search', maxLength },
        }}
      />
    </Box>
  );
}
