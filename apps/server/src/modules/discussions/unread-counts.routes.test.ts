import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import type { TopicListItem } from '@ajar/shared/topics/topics.schemas';
import { buildActivity } from '../../test/factories/activities';
import { joinProgram } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

/** The program and topic screens show the same per-viewer unread count as the discussion screens. */
describe('total_unread on the program and topic screens', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(headers: Headers, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  /** Unread as the program list, program detail, topic list/detail and activity rows show it. */
  async function unreadSeenBy(
    headers: Headers,
    c: { program: { id: string; title: string }; topic: { id: string }; activityId: string },
  ) {
    const { list: programs } = await get<{ list: Program[] }>(
      headers,
      `/api/program/v1/company/list?q=${encodeURIComponent(c.program.title)}`,
    );
    const detail = await get<Program>(headers, `/api/program/v1/company/detail/${c.program.id}`);
    const { list: topics } = await get<{ list: TopicListItem[] }>(
      headers,
      `/api/topic/v1/list?program_id=${c.program.id}&with_activities=1`,
    );
    const topicDetail = await get<{ total_unread: number }>(
      headers,
      `/api/topic/v1/detail/${c.topic.id}`,
    );
    const topic = topics.find((x) => x.id === c.topic.id);
    return {
      list: programs.find((p) => p.id === c.program.id)?.total_unread,
      detail: detail.total_unread,
      topic: topic?.total_unread,
      topicDetail: topicDetail.total_unread,
      activity: topic?.activities?.find((a) => a.id === c.activityId)?.total_unread,
      // The other topic and activity have no messages.
      others: [
        ...topics.filter((x) => x.id !== c.topic.id).map((x) => x.total_unread),
        ...topics
          .flatMap((x) => x.activities ?? [])
          .filter((a) => a.id !== c.activityId)
          .map((a) => a.total_unread),
      ],
    };
  }

  it('counts member messages per admin until that admin opens the thread', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic, topic2] = await buildTopics(t.db, program.id, 2);
    const pub = await buildActivity(t.db, topic!, { settings: { is_show_discussion: 2 } });
    await buildActivity(t.db, topic!, { settings: { is_show_discussion: 2 } });
    await buildActivity(t.db, topic2!, { settings: { is_show_discussion: 2 } });
    const { member } = await joinProgram(t.app, program.id);
    const admin1 = await signedIn(t.db, 'admin');
    const admin2 = await signedIn(t.db, 'admin');
    const c = { program, topic: topic!, activityId: pub.id };

    const none = { list: 0, detail: 0, topic: 0, topicDetail: 0, activity: 0, others: [0, 0, 0] };
    expect(await unreadSeenBy(admin1.headers, c)).toEqual(none);

    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/member/v1/program/${program.id}/activity/${pub.id}/discussion`,
      headers: member.headers,
      payload: { content: 'Halo kak, saya mau bertanya' },
    });
    expect(posted.statusCode, posted.body).toBe(200);

    const one = { list: 1, detail: 1, topic: 1, topicDetail: 1, activity: 1, others: [0, 0, 0] };
    expect(await unreadSeenBy(admin1.headers, c)).toEqual(one);
    expect(await unreadSeenBy(admin2.headers, c)).toEqual(one);

    await get(
      admin1.headers,
      `/api/discussion/v1/list?program_id=${program.id}&topic_id=${topic!.id}&activity_id=${pub.id}`,
    );
    expect(await unreadSeenBy(admin1.headers, c)).toEqual(none);
    expect(await unreadSeenBy(admin2.headers, c)).toEqual(one);
  });
});
