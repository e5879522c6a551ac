/** Query keys of the topics feature; every topic change invalidates `topicKeys.all`. */
export const topicKeys = {
  all: ['topics'] as const,
  lists: (programId: string) => ['topics', 'list', programId] as const,
  list: (programId: string, q: string) => ['topics', 'list', programId, { q }] as const,
  detail: (id: string) => ['topics', 'detail', id] as const,
};
