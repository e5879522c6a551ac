import type { StaffListQueryParsed } from '@ajar/shared/users/users.schemas';

export const staffKeys = {
  all: ['staff'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  list: (query: StaffListQueryParsed) => [...staffKeys.lists(), query] as const,
};
