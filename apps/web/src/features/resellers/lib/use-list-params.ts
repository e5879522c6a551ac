import { resellerDefaultPageSize } from '@ajar/shared/resellers/resellers.constants';
import { useListSearchParams } from '@/hooks/use-list-search-params';

/** Rows-per-page choices; spec 01 §9 starts these lists at 5. */
export const pageSizes = [resellerDefaultPageSize, 10, 25] as const;

/**
 * A list's page, size, search and sort direction kept in the URL, so a reload or the back button
 * returns to the same view.
 */
export function useListParams() {
  const { params, update } = useListSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const wanted = Number(params.get('limit'));
  const limit = pageSizes.find((n) => n === wanted) ?? resellerDefaultPageSize;
  const q = params.get('q') ?? '';
  const dirParam = params.get('dir');
  const dir: 'asc' | 'desc' | null = dirParam === 'asc' || dirParam === 'desc' ? dirParam : null;
  return { page, limit, q, dir, update };
}
