import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditFilter, AuditList, AuditListQuery } from '@ajar/shared/audit/audit.schemas';
import type { ExportReply } from '@ajar/shared/exports/exports.schemas';
import { staffLimits } from '@ajar/shared/users/users.constants';
import type { StaffList } from '@ajar/shared/users/users.schemas';
import { http } from '@/api/http';

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditListQuery) => [...auditKeys.all, 'list', query] as const,
  people: () => [...auditKeys.all, 'people'] as const,
};

/** `GET /api/users/v1/audit-log`. */
export const auditLogQueryOptions = (query: AuditListQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => http.get<AuditList>('/users/v1/audit-log', { ...query }, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: AuditListQuery) {
  return useQuery(auditLogQueryOptions(query));
}

/** The staff accounts the 'Pelaku' filter offers (the superadmin's staff list, newest first). */
export function useAuditPeople() {
  return useQuery({
    queryKey: auditKeys.people(),
    queryFn: ({ signal }) =>
      http.get<StaffList>(
        '/users/v1/staff/list',
        { page: 1, limit: staffLimits.maxPage, sort: 'fullname', dir: 'asc' },
        signal,
      ),
  });
}

/** `GET /api/users/v1/audit-log/export`: the filter's entries as an .xlsx, or a job. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: (filter: AuditFilter) =>
      http.get<ExportReply>('/users/v1/audit-log/export', { ...filter }),
  });
}
