import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importPaths, type ImportKind } from '@ajar/shared/imports/imports.constants';
import type { ImportResult } from '@ajar/shared/imports/imports.schemas';
import { upload } from '@/api/http';

export interface ImportScoresInput {
  kind: ImportKind;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** `PUT /api/users/v1/trainer/import-feedback-{uk,tpm}-mr`, multipart field `file`. */
export function importScores({ kind, file, onProgress }: ImportScoresInput): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return upload<ImportResult>('PUT', importPaths[kind], form, onProgress);
}

export function useImportScores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importScores,
    // Scores and feedback shown anywhere (participant lists, activity details) may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
