/** Query keys of the preview. It only reads: nothing a preview does is sent to the server. */
export const previewKeys = {
  activity: (id: string) => ['preview', 'activity', id] as const,
  program: (id: string) => ['programs', 'detail', id] as const,
  topic: (id: string) => ['topics', 'detail', id] as const,
  packets: (activityId: string) => ['preview', 'packets', activityId] as const,
  groups: (activityId: string, packetId: string) =>
    ['preview', 'groups', activityId, packetId] as const,
  gameplays: (ids: readonly string[]) => ['preview', 'gameplays', ...ids] as const,
};

/** `/v1/{kind}/{program}/{topic}/{activity}` with each part encoded. */
export function activityScopedPath(
  kind: 'activity' | 'packet' | 'group',
  programId: string,
  topicId: string,
  activityId?: string,
): string {
  const parts = [programId, topicId, ...(activityId ? [activityId] : [])].map(encodeURIComponent);
  return `/v1/${kind}/${parts.join('/')}`;
}
