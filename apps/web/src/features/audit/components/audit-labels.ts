import { auditActionLabels, auditSubjectLabels } from '@ajar/shared/audit/audit.constants';
import { roleNames } from '@ajar/shared/common/roles';

const label = (labels: Record<string, string>, key: string | null) =>
  key === null ? '' : (labels[key] ?? key);

export const actionLabel = (action: string) => label(auditActionLabels, action);
export const subjectLabel = (subject: string) => label(auditSubjectLabels, subject);
/** A staff role's name; 'Peserta' for a participant's own act. */
export const roleLabel = (role: string | null) =>
  role === 'participant' ? 'Peserta' : label(roleNames, role);

const wib = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Asia/Jakarta',
});
/** `28 Nov 2026, 17.34.56 WIB`. */
export const formatWib = (iso: string) => `${wib.format(new Date(iso))} WIB`;
