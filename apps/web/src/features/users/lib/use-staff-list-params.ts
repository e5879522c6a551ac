import { roleKeys, type RoleKey } from '@ajar/shared/common/roles';
import { staffDefaultPageSize, staffStatuses } from '@ajar/shared/users/users.constants';
import type { StaffStatus } from '@ajar/shared/users/users.constants';
import { useListSearchParams } from '@/hooks/use-list-search-params';

/** Rows-per-page choices. */
export const pageSizes = [staffDefaultPageSize, 25, 50] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/**
 * The staff list's page, size, search and filters kept in the URL, so a reload or the back
 * button returns to the same view.
 */
export function useStaffListParams() {
  const { params, update } = useListSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const wanted = Number(params.get('limit'));
  const limit = pageSizes.find((n) => n === wanted) ?? staffDefaultPageSize;
  const q = params.get('q') ?? '';
  const role: RoleKey | undefined = oneOf(roleKeys, params.get('role'));
  const status: StaffStatus | undefined = oneOf(staffStatuses, params.get('status'));
  return { page, limit, q, role, status, update };
}
