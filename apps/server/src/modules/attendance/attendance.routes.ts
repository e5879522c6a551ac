import type { FastifyPluginAsync } from 'fastify';
import { attendanceMessages } from '@ajar/shared/attendance/attendance.constants';
import {
  attendanceExportQuerySchema,
  attendanceExportReplySchema,
  attendanceListQuerySchema,
  attendanceListSchema,
  checkInDataSchema,
} from '@ajar/shared/attendance/attendance.schemas';
import {
  activityParamSchema,
  checkInBodySchema,
} from '@ajar/shared/members/member-learning.schemas';
import { memberRoute, Reply, staffRoute } from '../../lib/route';
import { runOnce } from '../idempotency/idempotency.service';
import { defineFileJob } from '../jobs/jobs.service';
import * as exporter from './attendance.export';
import * as service from './attendance.service';

const permission = 'presence.view';

/**
 * Attendance ('Presensi', spec 01 §2, §7): members check in to meeting activities; staff list
 * and export the records (a trainer: assigned programs only, DESIGN §4).
 */
export const attendanceRoutes: FastifyPluginAsync = async (app) => {
  await defineFileJob<exporter.AttendanceExportJobInput>(app, {
    kind: 'presence_export',
    run: (ctx) => exporter.runAttendanceExportJob(app.db, ctx),
  });

  memberRoute(app, {
    method: 'POST',
    url: '/api/member/v1/program/:programId/activity/:activityId/attendance',
    tags: ['member'],
    summary: 'Check in to the meeting occurrence running now (once per occurrence)',
    description:
      'Only berdiskusi_daring / berdiskusi_luring of a redeemed program, from 15 minutes before ' +
      'a schedule starts until it ends (WIB). Completes the activity.',
    params: activityParamSchema,
    body: checkInBodySchema,
    data: checkInDataSchema,
    message: attendanceMessages.checkedIn,
    handler: async ({ params, body, member }) => {
      const once = {
        memberId: member.id,
        key: body.idempotency_key,
        scope: `attendance:${params.activityId}`,
      };
      const answer = await runOnce(app.db, once, attendanceMessages.checkedIn, (tx) =>
        service.checkIn(tx, member, params.programId, params.activityId),
      );
      return new Reply(answer.data, answer.message);
    },
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/presence/v1/company/list',
    permission,
    tags: ['attendance'],
    summary: 'Attendance records, paged',
    description: 'q searches member name and phone; program_id and topic_id filter.',
    query: attendanceListQuerySchema,
    data: attendanceListSchema,
    handler: ({ user, query }) => service.listAttendances(app.db, user, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/presence/v1/company/export',
    permission,
    tags: ['attendance'],
    summary: 'Export attendance records (.xlsx)',
    description:
      'Answers `data.public_url`, a short-lived link (spec 01 §7); past 10,000 rows a job makes ' +
      'the file and `data.job_id` names it (`GET /api/job/v1/detail/{id}`).',
    query: attendanceExportQuerySchema,
    data: attendanceExportReplySchema,
    message: attendanceMessages.exported,
    handler: ({ user, query }) =>
      exporter.exportAttendances(
        { db: app.db, storage: app.storage, config: app.config, queue: app.queue },
        user,
        query,
      ),
  });
};
