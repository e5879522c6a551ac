import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';

/** An open activity as the member API answers it, for tests; `over` sets what a test needs. */
export function activityDetail(over: Partial<MemberActivityDetail> = {}): MemberActivityDetail {
  return {
    id: '00000000-0000-4000-8000-000000000002',
    topic_id: '00000000-0000-4000-8000-000000000009',
    name: 'Aktivitas',
    type: 'general',
    seq: 1,
    completion: 'manual',
    is_complete: false,
    completed_at: null,
    score: null,
    attempts: 0,
    upload: null,
    feedback: null,
    state: 'sedang',
    lock_reason: null,
    locked_by: null,
    settings: {},
    content: {},
    attempts_left: 0,
    question_count: null,
    history: [],
    video_position: null,
    video_max_position: null,
    video_duration: null,
    requirement: {
      route: 'page',
      content_missing: false,
      watched_percent: 0,
      required_percent: 0,
      popups_left: 0,
      opened_at: null,
      link_followed_at: null,
      required_seconds: 0,
      file_url: null,
      link_url: null,
    },
    ...over,
  };
}
