import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type { TrainerAccount } from '@ajar/shared/users/users.schemas';
import { http } from '@/api/http';

/** How many accounts the 'Akun trainer' choice offers per search. */
export const trainerSearchLimit = 20;

export const trainerKeys = {
  all: ['trainers'] as const,
  search: (q: string) => [...trainerKeys.all, 'search', q] as const,
  account: (id: string) => [...trainerKeys.all, 'account', id] as const,
};

/** `GET /api/users/v1/trainers`: active trainer accounts matching `q` (name or e-mail). */
export function searchTrainers(q: string, signal?: AbortSignal): Promise<Paged<TrainerAccount>> {
  return http.get<Paged<TrainerAccount>>(
    '/users/v1/trainers',
    { q, limit: trainerSearchLimit },
    signal,
  );
}

/** One linked account by id; `null` when it is gone or no longer an active trainer. */
export async function getTrainerAccount(
  id: string,
  signal?: AbortSignal,
): Promise<TrainerAccount | null> {
  const data = await http.get<Paged<TrainerAccount>>('/users/v1/trainers', { ids: id }, signal);
  return data.list[0] ?? null;
}

export function useTrainerSearch(q: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: trainerKeys.search(q),
      queryFn: ({ signal }) => searchTrainers(q, signal),
      enabled,
      staleTime: 30_000,
      // The list stays while the next search runs, so typing does not flash an empty list.
      placeholderData: keepPreviousData,
    }),
  );
}

export function useTrainerAccount(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: trainerKeys.account(id ?? ''),
      queryFn: ({ signal }) => getTrainerAccount(id ?? '', signal),
      enabled: Boolean(id),
      staleTime: 5 * 60_000,
    }),
  );
}
