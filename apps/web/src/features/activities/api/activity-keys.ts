/**
 * Query keys of the activities feature. The program and topic keys are the ones the program and
 * topic screens use for the same calls, so the same answer is cached once.
 */
export const activityKeys = {
  all: ['activities'] as const,
  detail: (id: string) => ['activities', 'detail', id] as const,
  prepost: (programId: string) => ['activities', 'prepost', programId] as const,
  program: (id: string) => ['programs', 'detail', id] as const,
  topic: (id: string) => ['topics', 'detail', id] as const,
  /** The program detail's topics-with-activities lists, reloaded after a save. */
  topicLists: (programId: string) => ['topics', 'list', programId] as const,
};

/** `/v1/activity/{program}/{topic}` with each part encoded. */
export function activityBasePath(programId: string, topicId: string): string {
  return `/v1/activity/${encodeURIComponent(programId)}/${encodeURIComponent(topicId)}`;
}
