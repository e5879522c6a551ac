import { beforeAll } from 'vitest';
import { apiClient, apiLogin, signedInApi, type Api } from './api';
import { useApp, type App } from './app';
import type { OpenPage, Viewport } from './browser';
import { demo, signedInPage } from './session';

/** A member who joined a program, with their member API. */
export interface JoinedMember {
  fullname: string;
  /** Their e-mail; the password is `Rahasia123`. */
  email: string;
  token: string;
  /** The voucher code they redeemed (the participant list shows it). */
  license: string;
  member: Api;
}

const stamp = Date.now().toString(36);

/**
 * A member who registers and redeems a voucher `staff` generated for the program, all through
 * the API, as the participants' app does. `n` keeps the e-mail, phone and PMO code of several
 * members of one file apart.
 */
export async function joinProgram(
  app: App,
  staff: Api,
  programId: string,
  fullname: string,
  { n = 0, dateOfBirth }: { n?: number; dateOfBirth?: string } = {},
): Promise<JoinedMember> {
  const batch = await staff<{ codes: string[] }>(
    'POST',
    `/program/v1/company/voucher/${programId}/generate`,
    { count: 1 },
  );
  const email = `peserta-${n}-${stamp}@contoh.id`;
  const registered = await apiClient(app.server.url)<{ token: string }>(
    'POST',
    '/member/v1/register',
    {
      fullname,
      email,
      phone: `62813${String(Date.now() + n).slice(-8)}`,
      password: 'Rahasia123',
      consent: true,
      ...(dateOfBirth && { date_of_birth: dateOfBirth }),
    },
  );
  const member = apiClient(app.server.url, registered.token);
  const license = batch.codes[0]!;
  await member('POST', '/member/v1/redeem', { license, pmo_code: `PMO${n}${stamp.toUpperCase()}` });
  return { fullname, email, token: registered.token, license, member };
}

export interface TrainerApp extends App {
  /** The API as the demo trainer. */
  trainerApi: Api;
  trainerId: string;
  /** A published demo program whose facilitator is linked to the demo trainer. */
  programId: string;
  /** A member who joined that program. */
  joined: JoinedMember;
  /** The demo trainer signed in on a page. */
  trainer: OpenPage;
}

/**
 * `useApp`, then the set-up of the trainer's screens: the demo trainer's first published program,
 * a member `memberName` who joined it, and the trainer signed in on a page of `viewport`.
 */
export function useTrainerApp(memberName: string, viewport: Viewport): TrainerApp {
  const app = useApp() as TrainerApp;
  beforeAll(async () => {
    const admin = await signedInApi(app.server.url);
    const trainerLogin = await apiLogin(app.server.url, demo.trainer);
    app.trainerApi = apiClient(app.server.url, trainerLogin.token);
    app.trainerId = trainerLogin.user.id;
    const programs = await app.trainerApi<{ list: { id: string }[] }>(
      'GET',
      '/program/v1/trainer/list?status=publish&limit=-1',
    );
    app.programId = programs.list[0]!.id;
    app.joined = await joinProgram(app, admin, app.programId, memberName);
    app.trainer = await signedInPage(app.browser, app.server.url, viewport, demo.trainer);
  }, 180_000);
  return app;
}

/**
 * An activity of the program whose thread is Public, opened for `member`: the program's pre-test
 * (Skip off, so it locks the rest) is taken first through the member API; any answers complete it.
 * A post there rings the trainers' bell.
 */
export async function openPublicThread(
  trainerApi: Api,
  member: Api,
  programId: string,
): Promise<{ topicId: string; activityId: string }> {
  const topics = await trainerApi<{
    list: { id: string; activities: { id: string; is_show_discussion: number }[] }[];
  }>('GET', `/discussion/v1/list-topic?program_id=${programId}`);
  const topic = topics.list.find((t) => t.activities.some((a) => a.is_show_discussion === 2));
  const activity = topic?.activities.find((a) => a.is_show_discussion === 2);
  if (!topic || !activity) throw new Error(`program ${programId} has no Public thread`);
  const detail = await member<{ topics: { activities: { id: string; type: string }[] }[] }>(
    'GET',
    `/member/v1/program/detail/${programId}`,
  );
  const preTest = detail.topics.flatMap((t) => t.activities).find((a) => a.type === 'pre_test');
  if (preTest) {
    const path = `/member/v1/program/${programId}/activity/${preTest.id}`;
    const started = await member<{ attempt: { id: string } }>('POST', `${path}/quiz/start`);
    await member('POST', `${path}/quiz/${started.attempt.id}/submit`, { answers: {} });
  }
  return { topicId: topic.id, activityId: activity.id };
}
