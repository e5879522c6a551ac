import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@ajar/shared/common/envelope';
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
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import * as service from './quiz.service';

const tags = ['quiz'];
const emptyReply = envelopeSchema(z.null());

/**
 * Question packets, groups, sections and the question bank of quiz-type activities (spec 02 §7).
 * Reads need the program in view (a trainer's assigned programs); writes need `program.manage`.
 */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.QuizDeps => ({ db: app.db, storage: app.storage });
  const packetBase = '/api/v1/packet/:program/:topic/:activity';
  const groupBase = '/api/v1/group/:program/:topic/:activity/:packet';
  const sectionBase = '/api/v1/section/:activity';
  const bankBase = '/api/bank/v1/question/admin';

  // Packets -------------------------------------------------------------------------------------

  app.get(
    `${packetBase}/list`,
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        summary: "An activity's packets, oldest first",
        params: packetListParamsSchema,
        response: { 200: envelopeSchema(packetListSchema) },
      },
    },
    async (request) =>
      ok({ list: await service.listPackets(deps(), currentUser(request), request.params) }),
  );

  app.post(
    `${packetBase}/create`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Create a packet (status publish)',
        params: packetListParamsSchema,
        body: packetCreateBodySchema,
        response: { 200: envelopeSchema(packetSchema) },
      },
    },
    async (request) =>
      ok(
        await service.createPacket(deps(), currentUser(request), request.params, request.body),
        quizMessages.packetCreated,
      ),
  );

  app.delete(
    `${packetBase}/:packet/delete`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Delete a packet with its sections, groups and questions',
        params: packetParamsSchema,
        response: { 200: emptyReply },
      },
    },
    async (request) => {
      await service.deletePacket(deps(), currentUser(request), request.params);
      return ok(null, quizMessages.packetDeleted);
    },
  );

  app.put(
    `${packetBase}/:packet/save-section`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Save a section, its questions (in order) and its group in one transaction',
        description:
          'Questions with an id are updated, without one created; questions of the group left ' +
          'out are deleted. Field errors use `section.name`, `section.min_score` and ' +
          '`questions.N.<field>`; any error saves nothing.',
        params: packetParamsSchema,
        body: saveSectionBodySchema,
        response: { 200: envelopeSchema(groupSchema) },
      },
    },
    async (request) =>
      ok(
        await service.saveSection(deps(), currentUser(request), request.params, request.body),
        quizMessages.groupSaved,
      ),
  );

  // Groups --------------------------------------------------------------------------------------

  app.get(
    `${groupBase}/list`,
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        summary: "A packet's groups with their sections and questions",
        params: packetParamsSchema,
        response: { 200: envelopeSchema(groupListSchema) },
      },
    },
    async (request) =>
      ok({ list: await service.listGroups(deps(), currentUser(request), request.params) }),
  );

  app.post(
    `${groupBase}/create`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Create a group (version B: question ids and section_id; version A: whole group)',
        params: packetParamsSchema,
        body: groupBodySchema,
        response: { 200: envelopeSchema(groupSchema) },
      },
    },
    async (request) =>
      ok(
        await service.saveGroup(deps(), currentUser(request), request.params, request.body),
        quizMessages.groupSaved,
      ),
  );

  app.post(
    `${groupBase}/:group_id/update`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Update a group (same bodies as create)',
        params: groupParamsSchema,
        body: groupBodySchema,
        response: { 200: envelopeSchema(groupSchema) },
      },
    },
    async (request) =>
      ok(
        await service.saveGroup(deps(), currentUser(request), request.params, request.body),
        quizMessages.groupSaved,
      ),
  );

  app.delete(
    `${groupBase}/:group_id/delete`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Delete a group, its questions and its section',
        params: groupParamsSchema,
        response: { 200: emptyReply },
      },
    },
    async (request) => {
      await service.deleteGroup(deps(), currentUser(request), request.params);
      return ok(null, quizMessages.groupDeleted);
    },
  );

  // Sections ------------------------------------------------------------------------------------

  app.get(
    `${sectionBase}/list`,
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        summary: "An activity's sections",
        params: sectionActivityParamsSchema,
        response: { 200: envelopeSchema(sectionListSchema) },
      },
    },
    async (request) =>
      ok({
        list: await service.listSections(deps(), currentUser(request), request.params.activity),
      }),
  );

  app.get(
    `${sectionBase}/:section/show`,
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        summary: 'One section',
        params: sectionParamsSchema,
        response: { 200: envelopeSchema(sectionSchema) },
      },
    },
    async (request) =>
      ok(
        await service.showSection(
          deps(),
          currentUser(request),
          request.params.activity,
          request.params.section,
        ),
      ),
  );

  app.post(
    `${sectionBase}/create`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Create a section in a packet',
        params: sectionActivityParamsSchema,
        body: sectionBodySchema,
        response: { 200: envelopeSchema(sectionSchema) },
      },
    },
    async (request) =>
      ok(
        await service.createSection(
          deps(),
          currentUser(request),
          request.params.activity,
          request.body,
        ),
        quizMessages.sectionSaved,
      ),
  );

  app.post(
    `${sectionBase}/:section/update`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Update a section',
        params: sectionParamsSchema,
        body: sectionBodySchema,
        response: { 200: envelopeSchema(sectionSchema) },
      },
    },
    async (request) =>
      ok(
        await service.updateSection(
          deps(),
          currentUser(request),
          request.params.activity,
          request.params.section,
          request.body,
        ),
        quizMessages.sectionSaved,
      ),
  );

  app.delete(
    `${sectionBase}/:section/delete`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Delete a section (the group showing it and its questions go too)',
        params: sectionParamsSchema,
        response: { 200: emptyReply },
      },
    },
    async (request) => {
      await service.deleteSection(
        deps(),
        currentUser(request),
        request.params.activity,
        request.params.section,
      );
      return ok(null, quizMessages.sectionDeleted);
    },
  );

  // Question bank -------------------------------------------------------------------------------

  app.get(
    `${bankBase}/detail/:id`,
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        summary: 'One question',
        params: questionIdParamsSchema,
        response: { 200: envelopeSchema(questionSchema) },
      },
    },
    async (request) =>
      ok(await service.showQuestion(deps(), currentUser(request), request.params.id)),
  );

  app.post(
    `${bankBase}/create`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Create a question of an activity (answers data.data.id)',
        body: bankQuestionBodySchema,
        response: { 200: envelopeSchema(bankCreatedSchema) },
      },
    },
    async (request) =>
      ok(
        await service.createQuestion(deps(), currentUser(request), request.body),
        quizMessages.questionSaved,
      ),
  );

  app.put(
    `${bankBase}/update/:id`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: "Update a question's content (its group and place stay)",
        params: questionIdParamsSchema,
        body: bankQuestionBodySchema,
        response: { 200: envelopeSchema(questionSchema) },
      },
    },
    async (request) =>
      ok(
        await service.updateQuestion(deps(), currentUser(request), request.params.id, request.body),
        quizMessages.questionSaved,
      ),
  );

  app.delete(
    `${bankBase}/delete/:id`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Delete a question',
        params: questionIdParamsSchema,
        response: { 200: emptyReply },
      },
    },
    async (request) => {
      await service.deleteQuestion(deps(), currentUser(request), request.params.id);
      return ok(null, quizMessages.questionDeleted);
    },
  );
};
