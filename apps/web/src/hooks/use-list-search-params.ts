import { useSearchParams } from 'react-router';

/** Changes to a list's URL state; `null` or '' drops the parameter (its default applies). */
export type SearchParamChanges = Record<string, string | null>;

/**
 * A list's state (page, size, search, sort, filters) kept in the URL, so a reload or the back
 * button returns to the same view. `update` merges changes into the current parameters as a new
 * history entry.
 */
export function useListSearchParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: SearchParamChanges) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  };
  return { params, setParams, update };
}
