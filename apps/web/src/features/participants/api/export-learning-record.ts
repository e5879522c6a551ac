import { useMutation } from '@tanstack/react-query';
import type { ExportReply } from '@ajar/shared/exports/exports.schemas';
import { http } from '@/api/http';

/**
 * `GET /api/program/v1/trainer/learning-record/export/{programId}` ('Ekspor Rekam Belajar'): the
 * file's short-lived link, or past 10,000 events a job followed in 'Unduhan'.
 */
export function exportLearningRecord(programId: string) {
  return http.get<ExportReply>(
    `/program/v1/trainer/learning-record/export/${encodeURIComponent(programId)}`,
  );
}

export function useExportLearningRecord() {
  return useMutation({ mutationFn: exportLearningRecord });
}
