import type {
  DiscussionListQuery,
  DiscussionProgramListQuery,
  DiscussionTopicListQuery,
} from '@ajar/shared/discussions/discussions.schemas';

/** A thread's query without its page (the pages are one infinite query). */
export type ThreadQuery = Omit<DiscussionListQuery, 'page'>;

/** Query keys of the public discussion screens; `all` refreshes every unread count at once. */
export const discussionKeys = {
  all: ['discussions'] as const,
  programs: (query: DiscussionProgramListQuery) =>
    [...discussionKeys.all, 'programs', query] as const,
  program: (id: string) => [...discussionKeys.all, 'program', id] as const,
  topics: (query: DiscussionTopicListQuery) => [...discussionKeys.all, 'topics', query] as const,
  thread: (query: ThreadQuery) => [...discussionKeys.all, 'thread', query] as const,
};
