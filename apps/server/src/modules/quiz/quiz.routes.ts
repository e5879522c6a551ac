import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { quizMessages } from '@ajar/shared/quiz/quiz.constants';
import {
  bankCreatedSchema,
  bankQuestionBodySchema,
  groupBodySchema,
  groupListSchema,
  groupParamsSchema,
  groupSchema,
  packetCreateBodySchema,
  packetListParamsSchema,
  packetListSchema,
  packetParamsSchema,
  packetSchema,
  questionIdParamsSchema,
  questionSchema,
  saveSectionBodySchema,
  sectionActivityParamsSchema,
  sectionBodySchema,
  sectionListSchema,
  sectionParamsSchema,
  sectionSchema,
} from '@ajar/shared/quiz/quiz.schemas';
import { staffRoute } from '../../lib/route';
import type { QuizDeps } from './quiz-access';
import * as packets from './quiz-packets.service';
import * as questions from './quiz-questions.service';
import * as sections from './quiz-sections.service';

const tags = ['quiz'];

/**
 * Question packets, groups, sections and the question bank of quiz-type activities (spec 02 §7).
 * Reads need the program in view (a trainer's assigned programs); writes need `program.manage`.
 */
export const quizRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): QuizDeps => ({ db: app.db, storage: app.storage });
  const packetBase = '/api/v1/packet/:program/:topic/:activity';
  const groupBase = '/api/v1/group/:program/:topic/:activity/:packet';
  const sectionBase = '/api/v1/section/:activity';
  const bankBase = '/api/bank/v1/question/admin';

  // Packets -------------------------------------------------------------------------------------

  staffRoute(app, {
    method: 'GET',
    url: `${packetBase}/list`,
    permission: 'program.view',
    tags,
    summary: "An activity's packets, oldest first",
    params: packetListParamsSchema,
    data: packetListSchema,
    handler: async ({ user, params }) => ({
      list: await packets.listPackets(deps(), user, params),
    }),
  });

  staffRoute(app, {
    method: 'POST',
    url: `${packetBase}/create`,
    permission: 'program.manage',
    tags,
    summary: 'Create a packet (status publish)',
    params: packetListParamsSchema,
    body: packetCreateBodySchema,
    data: packetSchema,
    message: quizMessages.packetCreated,
    handler: ({ user, params, body }) => packets.createPacket(deps(), user, params, body),
  });

  staffRoute(app, {
    method: 'DELETE',
    url: `${packetBase}/:packet/delete`,
    permission: 'program.manage',
    tags,
    summary: 'Delete a packet with its sections, groups and questions',
    params: packetParamsSchema,
    data: z.null(),
    message: quizMessages.packetDeleted,
    handler: async ({ user, params }) => {
      await packets.deletePacket(deps(), user, params);
      return null;
    },
  });

  staffRoute(app, {
    method: 'PUT',
    url: `${packetBase}/:packet/save-section`,
    permission: 'program.manage',
    tags,
    summary: 'Save a section, its questions (in order) and its group in one transaction',
    description:
      'Questions with an id are updated, without one created; questions of the group left ' +
      'out are deleted. Field errors use `section.name`, `section.min_score` and ' +
      '`questions.N.<field>`; any error saves nothing.',
    params: packetParamsSchema,
    body: saveSectionBodySchema,
    data: groupSchema,
    message: quizMessages.groupSaved,
    handler: ({ user, params, body }) => packets.saveSection(deps(), user, params, body),
  });

  // Groups --------------------------------------------------------------------------------------

  staffRoute(app, {
    method: 'GET',
    url: `${groupBase}/list`,
    permission: 'program.view',
    tags,
    summary: "A packet's groups with their sections and questions",
    params: packetParamsSchema,
    data: groupListSchema,
    handler: async ({ user, params }) => ({
      list: await packets.listGroups(deps(), user, params),
    }),
  });

  staffRoute(app, {
    method: 'POST',
    url: `${groupBase}/create`,
    permission: 'program.manage',
    tags,
    summary: 'Create a group (version B: question ids and section_id; version A: whole group)',
    params: packetParamsSchema,
    body: groupBodySchema,
    data: groupSchema,
    message: quizMessages.groupSaved,
    handler: ({ user, params, body }) => packets.saveGroup(deps(), user, params, body),
  });

  staffRoute(app, {
    method: 'POST',
    url: `${groupBase}/:group_id/update`,
    permission: 'program.manage',
    tags,
    summary: 'Update a group (same bodies as create)',
    params: groupParamsSchema,
    body: groupBodySchema,
    data: groupSchema,
    message: quizMessages.groupSaved,
    handler: ({ user, params, body }) => packets.saveGroup(deps(), user, params, body),
  });

  staffRoute(app, {
    method: 'DELETE',
    url: `${groupBase}/:group_id/delete`,
    permission: 'program.manage',
    tags,
    summary: 'Delete a group, its questions and its section',
    params: groupParamsSchema,
    data: z.null(),
    message: quizMessages.groupDeleted,
    handler: async ({ user, params }) => {
      await packets.deleteGroup(deps(), user, params);
      return null;
    },
  });

  // Sections ------------------------------------------------------------------------------------

  staffRoute(app, {
    method: 'GET',
    url: `${sectionBase}/list`,
    permission: 'program.view',
    tags,
    summary: "An activity's sections",
    params: sectionActivityParamsSchema,
    data: sectionListSchema,
    handler: async ({ user, params }) => ({
      list: await sections.listSections(deps(), user, params.activity),
    }),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${sectionBase}/:section/show`,
    permission: 'program.view',
    tags,
    summary: 'One section',
    params: sectionParamsSchema,
    data: sectionSchema,
    handler: ({ user, params }) =>
      sections.showSection(deps(), user, params.activity, params.section),
  });

  staffRoute(app, {
    method: 'POST',
    url: `${sectionBase}/create`,
    permission: 'program.manage',
    tags,
    summary: 'Create a section in a packet',
    params: sectionActivityParamsSchema,
    body: sectionBodySchema,
    data: sectionSchema,
    message: quizMessages.sectionSaved,
    handler: ({ user, params, body }) =>
      sections.createSection(deps(), user, params.activity, body),
  });

  staffRoute(app, {
    method: 'POST',
    url: `${sectionBase}/:section/update`,
    permission: 'program.manage',
    tags,
    summary: 'Update a section',
    params: sectionParamsSchema,
    body: sectionBodySchema,
    data: sectionSchema,
    message: quizMessages.sectionSaved,
    handler: ({ user, params, body }) =>
      sections.updateSection(deps(), user, params.activity, params.section, body),
  });

  staffRoute(app, {
    method: 'DELETE',
    url: `${sectionBase}/:section/delete`,
    permission: 'program.manage',
    tags,
    summary: 'Delete a section (the group showing it and its questions go too)',
    params: sectionParamsSchema,
    data: z.null(),
    message: quizMessages.sectionDeleted,
    handler: async ({ user, params }) => {
      await sections.deleteSection(deps(), user, params.activity, params.section);
      return null;
    },
  });

  // Question bank -------------------------------------------------------------------------------

  staffRoute(app, {
    method: 'GET',
    url: `${bankBase}/detail/:id`,
    permission: 'program.view',
    tags,
    summary: 'One question',
    params: questionIdParamsSchema,
    data: questionSchema,
    handler: ({ user, params }) => questions.showQuestion(deps(), user, params.id),
  });

  staffRoute(app, {
    method: 'POST',
    url: `${bankBase}/create`,
    permission: 'program.manage',
    tags,
    summary: 'Create a question of an activity (answers data.data.id)',
    body: bankQuestionBodySchema,
    data: bankCreatedSchema,
    message: quizMessages.questionSaved,
    handler: ({ user, body }) => questions.createQuestion(deps(), user, body),
  });

  staffRoute(app, {
    method: 'PUT',
    url: `${bankBase}/update/:id`,
    permission: 'program.manage',
    tags,
    summary: "Update a question's content (its group and place stay)",
    params: questionIdParamsSchema,
    body: bankQuestionBodySchema,
    data: questionSchema,
    message: quizMessages.questionSaved,
    handler: ({ user, params, body }) => questions.updateQuestion(deps(), user, params.id, body),
  });

  staffRoute(app, {
    method: 'DELETE',
    url: `${bankBase}/delete/:id`,
    permission: 'program.manage',
    tags,
    summary: 'Delete a question',
    params: questionIdParamsSchema,
    data: z.null(),
    message: quizMessages.questionDeleted,
    handler: async ({ user, params }) => {
      await questions.deleteQuestion(deps(), user, params.id);
      return null;
    },
  });
};
