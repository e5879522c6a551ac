import { buildActivity } from '../test/factories/activities';
import { mcQuestion, type MatrixWorld } from '../test/matrix-world';
import { adminCall as admin, row, S, type MatrixRow } from './authorization-matrix.types';

// Activities, quiz packets, groups, sections, the question bank and pop-up quizzes. Statuses:
// anonymous, member, trainer B, trainer A, admin, superadmin.

type Data = Record<string, unknown>;
const gameplayBody = (w: MatrixWorld) => ({
  activity_id: w.activity.video.id,
  type: 'jigsaw',
  question: { text: 'Lele ikan air tawar.' },
  point: 5,
  options: [{ text: 'Benar' }, { text: 'Salah' }],
  correct_answers: ['Benar'],
});
const act = (w: MatrixWorld, id = w.activity.general.id) =>
  `/api/v1/activity/${w.program.id}/${w.topic.id}/${id}`;
const packetBase = (w: MatrixWorld) =>
  `/api/v1/packet/${w.program.id}/${w.topic.id}/${w.activity.quiz.id}`;
const groupBase = (w: MatrixWorld) =>
  `/api/v1/group/${w.program.id}/${w.topic.id}/${w.activity.quiz.id}/${w.packetId}`;
const popupSetting = {
  show_explanation: 1,
  show_answer_explanation: 0,
  skip: 1,
  show_score: 1,
  retake: -1,
  time: { enable: 1, duration: 10 },
  minimum_score: 60,
  is_random: 0,
};

export const quizRows: MatrixRow[] = [
  // ---- activities ----
  row('POST /api/v1/activity/:program/:topic/create', S.manage, 'program.manage', ({ w }) => ({
    url: `/api/v1/activity/${w.program.id}/${w.topic2.id}/create`,
    payload: { name: 'Bacaan Baru', type: 'general' },
  })),
  row(
    'GET /api/v1/activity/:program/:topic/:id/show',
    S.scoped,
    'program.view, scoped',
    ({ w }) => ({ url: `${act(w)}/show` }),
  ),
  row(
    'PUT,POST /api/v1/activity/:program/:topic/:id/update',
    S.manage,
    'program.manage',
    ({ w }) => ({
      url: `${act(w, w.activity.uk.id).replace(w.topic.id, w.topic2.id)}/update`,
      payload: { name: 'UK Alfa' },
    }),
  ),
  row(
    'PUT /api/v1/activity/:program/:topic/:id/update-quiz',
    S.manage,
    'program.manage',
    ({ w }) => ({
      url: `${act(w, w.activity.video.id)}/update-quiz`,
      payload: { type: 'jigsaw', gameplays: [w.gameplayId], setting: popupSetting },
    }),
  ),
  row('PUT /api/v1/activity/:program/:topic/reorder', S.manage, 'program.manage', ({ w }) => ({
    url: `/api/v1/activity/${w.program.id}/${w.topic.id}/reorder`,
    payload: { from: 1, to: 1 },
  })),
  row('PUT /api/v1/activity/:program/:topic/:id/approve', S.manage, 'program.manage', ({ w }) => ({
    url: `${act(w)}/approve`,
  })),
  row(
    'DELETE /api/v1/activity/:program/:topic/:id/delete',
    S.manage,
    'program.manage (disposable activity)',
    async ({ w }) => {
      const a = await buildActivity(w.app.db, w.topic2, { type: 'general' });
      return { url: `/api/v1/activity/${w.program.id}/${w.topic2.id}/${a.id}/delete` };
    },
  ),
  row(
    'GET /api/program/v1/company/check-available-prepost/:program',
    S.scoped,
    'program.view, scoped',
    ({ w }) => ({ url: `/api/program/v1/company/check-available-prepost/${w.program.id}` }),
  ),

  // ---- quiz ----
  row(
    'GET /api/v1/analytics/question-stats/:program/:topic/:activity',
    S.scoped,
    'program.view, scoped',
    ({ w }) => ({ url: packetBase(w).replace('/packet/', '/analytics/question-stats/') }),
  ),
  row(
    'GET /api/v1/analytics/question-stats/:program/:topic/:activity/xlsx',
    S.scoped,
    'program.view, scoped; a download link of the caller',
    ({ w }) => ({ url: `${packetBase(w).replace('/packet/', '/analytics/question-stats/')}/xlsx` }),
  ),
  row(
    'GET /api/v1/packet/:program/:topic/:activity/list',
    S.scoped,
    'program.view, scoped',
    ({ w }) => ({ url: `${packetBase(w)}/list` }),
  ),
  row(
    'POST /api/v1/packet/:program/:topic/:activity/create',
    S.manage,
    'program.manage',
    ({ w }) => ({ url: `${packetBase(w)}/create` }),
  ),
  row(
    'DELETE /api/v1/packet/:program/:topic/:activity/:packet/delete',
    S.manage,
    'program.manage (disposable packet)',
    async ({ w }) => {
      const p = await admin(w, 'POST', `${packetBase(w)}/create`);
      return { url: `${packetBase(w)}/${p.id as string}/delete` };
    },
  ),
  row(
    'PUT /api/v1/packet/:program/:topic/:activity/:packet/save-section',
    S.manage,
    'program.manage',
    ({ w }) => ({
      url: `${packetBase(w)}/${w.packetId}/save-section`,
      payload: { section: { name: 'Bagian Tambahan', min_score: 0 }, questions: [mcQuestion(2)] },
    }),
  ),
  row(
    'GET /api/v1/group/:program/:topic/:activity/:packet/list',
    S.scoped,
    'program.view, scoped',
    ({ w }) => ({ url: `${groupBase(w)}/list` }),
  ),
  row(
    'POST /api/v1/group/:program/:topic/:activity/:packet/create',
    S.manage,
    'program.manage',
    async ({ w }) => {
      const q = await admin(w, 'POST', '/api/bank/v1/question/admin/create', {
        ...mcQuestion(3),
        activity_id: w.activity.quiz.id,
      });
      const s = await admin(w, 'POST', `/api/v1/section/${w.activity.quiz.id}/create`, {
        packet_id: w.packetId,
        name: 'Bagian B',
        min_score: 0,
      });
      return {
        url: `${groupBase(w)}/create`,
        payload: { list_question: [(q.data as Data).id], section_id: s.id },
      };
    },
  ),
  row(
    'POST /api/v1/group/:program/:topic/:activity/:packet/:group_id/update',
    S.manage,
    'program.manage',
    ({ w }) => ({
      url: `${groupBase(w)}/${w.groupId}/update`,
      payload: { list_question: [w.questionId], section_id: w.sectionId },
    }),
  ),
  row(
    'DELETE /api/v1/group/:program/:topic/:activity/:packet/:group_id/delete',
    S.manage,
    'program.manage (disposable group)',
    async ({ w }) => {
      const g = await admin(w, 'PUT', `${packetBase(w)}/${w.packetId}/save-section`, {
        section: { name: 'Buang', min_score: 0 },
        questions: [mcQuestion(4)],
      });
      return { url: `${groupBase(w)}/${g.id as string}/delete` };
    },
  ),
  row(
    'GET /api/v1/section/:activity/list',
    S.scoped,
    'program.view, scoped through the activity',
    ({ w }) => ({ url: `/api/v1/section/${w.activity.quiz.id}/list` }),
  ),
  row('GET /api/v1/section/:activity/:section/show', S.scoped, 'program.view, scoped', ({ w }) => ({
    url: `/api/v1/section/${w.activity.quiz.id}/${w.sectionId}/show`,
  })),
  row('POST /api/v1/section/:activity/create', S.manage, 'program.manage', ({ w }) => ({
    url: `/api/v1/section/${w.activity.quiz.id}/create`,
    payload: { packet_id: w.packetId, name: 'Bagian C', min_score: 0 },
  })),
  row('POST /api/v1/section/:activity/:section/update', S.manage, 'program.manage', ({ w }) => ({
    url: `/api/v1/section/${w.activity.quiz.id}/${w.sectionId}/update`,
    payload: { packet_id: w.packetId, name: 'Bagian Alfa', min_score: 0 },
  })),
  row(
    'DELETE /api/v1/section/:activity/:section/delete',
    S.manage,
    'program.manage (disposable section)',
    async ({ w }) => {
      const s = await admin(w, 'POST', `/api/v1/section/${w.activity.quiz.id}/create`, {
        packet_id: w.packetId,
        name: 'Buang',
        min_score: 0,
      });
      return { url: `/api/v1/section/${w.activity.quiz.id}/${s.id as string}/delete` };
    },
  ),
  row(
    'GET /api/bank/v1/question/admin/detail/:id',
    S.scoped,
    'program.view, scoped through the question',
    ({ w }) => ({ url: `/api/bank/v1/question/admin/detail/${w.questionId}` }),
  ),
  row('POST /api/bank/v1/question/admin/create', S.manage, 'program.manage', ({ w }) => ({
    url: '/api/bank/v1/question/admin/create',
    payload: { ...mcQuestion(5), activity_id: w.activity.quiz.id },
  })),
  row('PUT /api/bank/v1/question/admin/update/:id', S.manage, 'program.manage', ({ w }) => ({
    url: `/api/bank/v1/question/admin/update/${w.questionId}`,
    payload: { ...mcQuestion(1), activity_id: w.activity.quiz.id },
  })),
  row(
    'DELETE /api/bank/v1/question/admin/delete/:id',
    S.manage,
    'program.manage (disposable question)',
    async ({ w }) => {
      const q = await admin(w, 'POST', '/api/bank/v1/question/admin/create', {
        ...mcQuestion(6),
        activity_id: w.activity.quiz.id,
      });
      return { url: `/api/bank/v1/question/admin/delete/${(q.data as Data).id as string}` };
    },
  ),

  // ---- pop-up quiz ----
  row('POST /api/gameplay/v1/create', S.manage, 'program.manage', ({ w }) => ({
    url: '/api/gameplay/v1/create',
    payload: gameplayBody(w),
  })),
  row('PUT /api/gameplay/v1/update/:id', S.manage, 'program.manage', ({ w }) => ({
    url: `/api/gameplay/v1/update/${w.gameplayId}`,
    payload: gameplayBody(w),
  })),
  row(
    'GET /api/gameplay/v1/show_multi',
    S.anyStaff,
    "program.view; ids outside the caller's programs are left out of the list (B gets [])",
    ({ w }) => ({ url: `/api/gameplay/v1/show_multi?ids=${w.gameplayId}` }),
  ),
  row(
    'DELETE /api/gameplay/v1/delete/:id',
    S.manage,
    'program.manage (disposable question)',
    async ({ w }) => {
      const g = await admin(w, 'POST', '/api/gameplay/v1/create', gameplayBody(w));
      return { url: `/api/gameplay/v1/delete/${g.id as string}` };
    },
  ),
  row(
    'GET /api/dashboard/v1/summary',
    S.anyStaff,
    "dashboard.view; figures in the caller's scope (B's hold nothing of A)",
    () => ({ url: '/api/dashboard/v1/summary' }),
  ),
];
