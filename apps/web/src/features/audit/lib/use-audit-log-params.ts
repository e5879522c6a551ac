import {
  auditActions,
  auditSubjectTypes,
  type AuditAction,
  type AuditSubjectType,
} from '@ajar/shared/audit/audit.constants';
import type { AuditFilter } from '@ajar/shared/audit/audit.schemas';
import { useListSearchParams } from '@/hooks/use-list-search-params';

export const pageSizes = [20, 50, 100] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);
const day = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
const uuid = (value: string | null) =>
  value && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined;

/** The log's page, size and filter in the URL, so a reload or the back button keeps the view. */
export function useAuditLogParams() {
  const { params, update } = useListSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const wanted = Number(params.get('limit'));
  const limit = pageSizes.find((n) => n === wanted) ?? pageSizes[0];
  const filter: AuditFilter = {
    actor_user_id: uuid(params.get('actor_user_id')),
    subject_type: oneOf<AuditSubjectType>(auditSubjectTypes, params.get('subject_type')),
    action: oneOf<AuditAction>(auditActions, params.get('action')),
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
  return { page, limit, filter, update };
}
