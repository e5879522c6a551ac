import type {
  ResellerListQueryParsed,
  ResellerUserListQueryParsed,
} from '@ajar/shared/resellers/resellers.schemas';

export const resellerKeys = {
  all: ['resellers'] as const,
  lists: () => [...resellerKeys.all, 'list'] as const,
  list: (query: ResellerListQueryParsed) => [...resellerKeys.lists(), query] as const,
  options: () => [...resellerKeys.all, 'options'] as const,
  detail: (id: string) => [...resellerKeys.all, 'detail', id] as const,
  users: () => [...resellerKeys.all, 'users'] as const,
  userList: (query: ResellerUserListQueryParsed) => [...resellerKeys.users(), query] as const,
};
