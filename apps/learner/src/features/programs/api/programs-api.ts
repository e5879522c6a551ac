import type { Paged } from '@ajar/shared/common/envelope';
import type { MyProgram } from '@ajar/shared/members/members.schemas';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** 'Program Saya': every redemption of the member (limit -1 = all), newest first. */
export const myProgramsQuery = queryOptions({
  queryKey: ['my-programs'],
  queryFn: ({ signal }) => http.get<Paged<MyProgram>>('/program/list', { limit: -1 }, signal),
});
