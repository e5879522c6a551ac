/**
 * Query keys of a program and its activities, apart from their requests: the app bar imports them
 * on every screen (a live event reloads a program), without the activities' code.
 */
export const activityKeys = {
  program: (programId: string) => ['my-program', programId] as const,
  activity: (programId: string, activityId: string) =>
    ['my-program', programId, 'activity', activityId] as const,
  gameplays: (programId: string, activityId: string) =>
    ['my-program', programId, 'activity', activityId, 'gameplays'] as const,
  certificate: (programId: string) => ['my-program', programId, 'certificate'] as const,
};
