import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type { Reseller, ResellerListQueryParsed } from '@ajar/shared/resellers/resellers.schemas';
import { http } from '@/api/http';
import { resellerKeys } from './reseller-keys';

/** `GET /api/reseller/v1/list`. */
export function getResellers(
  query: ResellerListQueryParsed,
  signal?: AbortSignal,
): Promise<Paged<Reseller>> {
  return http.get<Paged<Reseller>>('/reseller/v1/list', { ...query }, signal);
}

export const resellersQueryOptions = (query: ResellerListQueryParsed) =>
  queryOptions({
    queryKey: resellerKeys.list(query),
    queryFn: ({ signal }) => getResellers(query, signal),
    // Paging and search keep the previous rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useResellers(query: ResellerListQueryParsed) {
  return useQuery(resellersQueryOptions(query));
}

/** Every reseller (limit=-1) for the export dialog's pick list, fetched when it opens. */
export function useResellerOptions(enabled: boolean) {
  return useQuery({
    queryKey: resellerKeys.options(),
    queryFn: ({ signal }) =>
      getResellers({ page: 1, limit: -1, sort: 'fullname', dir: 'asc', q: undefined }, signal).then(
        (data) => data.list,
      ),
    enabled,
  });
}

/** `GET /api/reseller/v1/detail/{id}`. */
export function useReseller(id: string | null) {
  return useQuery({
    queryKey: resellerKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      http.get<Reseller>(`/reseller/v1/detail/${encodeURIComponent(id ?? '')}`, {}, signal),
    enabled: Boolean(id),
  });
}
