import type { Api } from './api';

/** Test data set up through the API, for the screens under test to find. */

export interface TopicRef {
  programId: string;
  topicId: string;
}

export interface NewProgram {
  title: string;
  /** Rich text (HTML). */
  benefits: string;
  competence: string;
  sellingPrice: number;
}

/** An online program without facilitators, on the first seeded study field; its id. */
async function createProgram(api: Api, program: NewProgram): Promise<string> {
  const studies = await api<{ list: { id: string }[] }>('GET', '/study/v1/list?limit=-1');
  const created = await api<{ id: string }>('POST', '/program/v1/company/create', {
    title: program.title,
    type: 'online',
    program_benefits: program.benefits,
    learning_targets: { studies: { id: studies.list[0]!.id }, competence: [program.competence] },
    program_information: { selling_price: program.sellingPrice },
    fasilitator: [],
  });
  return created.id;
}

/** A published topic; its id. */
async function createTopic(api: Api, programId: string, name: string): Promise<string> {
  const created = await api<{ id: string }>('POST', '/topic/v1/create', {
    name,
    status: 'publish',
    program_id: programId,
  });
  return created.id;
}

/** A new program with one published topic. */
export async function createProgramWithTopic(
  api: Api,
  program: NewProgram,
  topicName: string,
): Promise<TopicRef> {
  const programId = await createProgram(api, program);
  return { programId, topicId: await createTopic(api, programId, topicName) };
}

/** An activity of the topic (JSON, or multipart with `payload` and `file`); its id. */
export async function createActivity(
  api: Api,
  { programId, topicId }: TopicRef,
  body: Record<string, unknown> | FormData,
): Promise<string> {
  return (await api<{ id: string }>('POST', `/v1/activity/${programId}/${topicId}/create`, body))
    .id;
}

/**
 * A quiz-type activity with one packet of one section holding `questions` (the bodies of
 * `save-section`), through the API; its id.
 */
export async function createQuizWithQuestions(
  api: Api,
  topic: TopicRef,
  activity: { name: string; type: string; settings: Record<string, unknown> },
  section: { name: string; min_score: number },
  questions: Record<string, unknown>[],
): Promise<string> {
  const id = await createActivity(api, topic, activity);
  const base = `/v1/packet/${topic.programId}/${topic.topicId}/${id}`;
  const packet = await api<{ id: string }>('POST', `${base}/create`, {});
  await api('PUT', `${base}/${packet.id}/save-section`, { section, questions });
  return id;
}

/**
 * A two-option question (the right option first) as `save-section` takes it, with the
 * explanation for a right and for a wrong answer when given.
 */
export function choiceQuestion(
  q: { text: string; right: string; wrong: string },
  explanation: { correct: string; wrong: string } | null = null,
) {
  return {
    type: 'multiple_choice',
    question: { text: `<p>${q.text}</p>`, media: null },
    options: [
      { text: q.right, media: null, point: 0 },
      { text: q.wrong, media: null, point: 0 },
    ],
    correct_answer: [q.right],
    point: 10,
    explanation: explanation && {
      correct: { text: explanation.correct, media: null },
      wrong: { text: explanation.wrong, media: null },
    },
  };
}

export interface ListedTopic {
  id: string;
  name: string;
  activities?: { id: string; name: string; type: string }[];
}

/** The program's topics with their activities, in the order program detail shows them. */
export async function listTopics(api: Api, programId: string): Promise<ListedTopic[]> {
  const topics = await api<{ list: ListedTopic[] }>(
    'GET',
    `/topic/v1/list?program_id=${programId}&limit=-1&with_activities=1`,
  );
  return topics.list;
}

/** `GET /v1/activity/{program}/{topic}/{id}/show`. */
export function showActivity<T>(api: Api, { programId, topicId }: TopicRef, id: string) {
  return api<T>('GET', `/v1/activity/${programId}/${topicId}/${id}/show`);
}

/**
 * The first activity of the seeded programs that `matches` (program by program, topic by topic);
 * throws `missing` when there is none.
 */
export async function findSeededActivity(
  api: Api,
  missing: string,
  matches: (where: TopicRef, activity: { id: string; type: string }) => Promise<boolean>,
): Promise<TopicRef & { activityId: string }> {
  const programs = await api<{ list: { id: string }[] }>(
    'GET',
    '/program/v1/company/list?limit=-1',
  );
  for (const program of programs.list) {
    for (const topic of await listTopics(api, program.id)) {
      for (const activity of topic.activities ?? []) {
        const where = { programId: program.id, topicId: topic.id };
        if (await matches(where, activity)) return { ...where, activityId: activity.id };
      }
    }
  }
  throw new Error(missing);
}

/** Uploads a file to the media library, as the picker's 'Dari komputer' does. */
export function uploadMediaThroughApi<T = { id: string }>(
  api: Api,
  file: { name: string; bytes: Buffer; mime: string },
  title: string,
): Promise<T> {
  const form = new FormData();
  form.append('source', 'upload');
  form.append('title', title);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name);
  return api<T>('POST', '/storage/v1/media/company/upload', form);
}
