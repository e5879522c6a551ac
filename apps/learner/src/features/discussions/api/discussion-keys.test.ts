import { describe, expect, it } from 'vitest';
import { addUnread } from './discussion-keys';

describe('addUnread', () => {
  it("adds new messages to a thread's count and to the program's total", () => {
    const counts = {
      total_unread: 3,
      activities: [
        { activity_id: 'a', total_unread: 2 },
        { activity_id: 'b', total_unread: 1 },
      ],
    };
    expect(addUnread(counts, 'b', 2)).toEqual({
      total_unread: 5,
      activities: [
        { activity_id: 'a', total_unread: 2 },
        { activity_id: 'b', total_unread: 3 },
      ],
    });
    expect(addUnread(counts, 'c', 1)).toEqual({
      total_unread: 4,
      activities: [...counts.activities, { activity_id: 'c', total_unread: 1 }],
    });
  });
});
