import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchRounded from '@mui/icons-material/SearchRounded';

export const topicSearchDebounceMs = 400;

/**
 * Search box for topics: the server filters by `q`. Enter searches at once; typing searches
 * after a short pause.
 */
export function TopicSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const lastSent = useRef(value);

  // Follow the outside value (back/forward in the browser changes `?q=`).
  useEffect(() => {
    lastSent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = q;
      onSearch(q);
    }, topicSearchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <TextField
      label="Cari topik"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        const q = text.trim();
        lastSent.current = q;
        onSearch(q);
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { type: 'search' },
      }}
      sx={{ maxWidth: { sm: 320 } }}
    />
  );
}
