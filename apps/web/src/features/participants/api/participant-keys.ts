import type { ParticipantListQueryParsed } from '@ajar/shared/participants/participants.schemas';

/** Query keys of the participant screens. */
export const participantKeys = {
  all: ['participants'] as const,
  lists: () => [...participantKeys.all, 'list'] as const,
  list: (programId: string, query: ParticipantListQueryParsed) =>
    [...participantKeys.lists(), programId, query] as const,
  detail: (id: string) => [...participantKeys.all, 'detail', id] as const,
  voucher: (id: string) => [...participantKeys.all, 'voucher', id] as const,
  member: (id: string) => [...participantKeys.all, 'member', id] as const,
  program: (id: string) => [...participantKeys.all, 'program', id] as const,
  workFile: (url: string) => [...participantKeys.all, 'work-file', url] as const,
};
