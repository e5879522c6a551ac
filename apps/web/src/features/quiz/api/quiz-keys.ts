/** The activity whose questions are edited (the route's program, topic and id). */
export interface QuizActivityPath {
  programId: string;
  topicId: string;
  activityId: string;
}

/** `/{program}/{topic}/{activity}` of the packet and group calls. */
export function activityPath({ programId, topicId, activityId }: QuizActivityPath): string {
  return [programId, topicId, activityId].map(encodeURIComponent).join('/');
}

/** Query keys of the quiz feature; any change of an activity's packets invalidates `activity`. */
export const quizKeys = {
  all: ['quiz'] as const,
  activity: (activityId: string) => ['quiz', activityId] as const,
  packets: (activityId: string) => ['quiz', activityId, 'packets'] as const,
  groups: (activityId: string, packetId: string) =>
    ['quiz', activityId, 'groups', packetId] as const,
};
