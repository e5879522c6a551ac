import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  discardRest,
  registerMultipart,
  uploadParts,
  type UploadLimits,
  type UploadRefusals,
} from '../../plugins/multipart';
import {
  importKinds,
  importLimits,
  importMessages,
  importPaths,
  importKindLabels,
} from '@ajar/shared/imports/imports.constants';
import { isStorableText, textMessages } from '@ajar/shared/common/text';
import { importSummary } from '@ajar/shared/imports/imports.rules';
import { importResultSchema } from '@ajar/shared/imports/imports.schemas';
import { AppError } from '../../lib/app-error';
import { Reply, staffRoute } from '../../lib/route';
import { importScores } from './imports.service';

const uploadLimits: UploadLimits = {
  fileSize: importLimits.fileBytes,
  files: 1,
  fields: 10,
  parts: 11,
  fieldSize: 1024,
  headerPairs: 50,
};

const refusals: UploadRefusals = {
  fileRequired: importMessages.fileRequired,
  tooLarge: importMessages.tooLarge,
  oneFile: importMessages.fileRequired,
  malformed: 'file',
};

/**
 * The uploaded file's bytes as a stream (`file` field of a multipart body), read through the one
 * multipart adapter: its size limit and refusals are the import's.
 */
async function* uploadedFile(request: FastifyRequest): AsyncGenerator<Buffer> {
  let found = false;
  for await (const part of uploadParts(request, uploadLimits, refusals)) {
    if (part.kind !== 'file') continue;
    // The name is not stored, but one text rule holds for every file name a client sends.
    if (!isStorableText(part.filename)) {
      part.discard();
      throw AppError.validation({ file: textMessages.invalidCharacter });
    }
    found = true;
    yield* part.chunks;
    if (part.truncated()) throw AppError.tooLarge(importMessages.tooLarge);
  }
  if (!found) throw AppError.validation({ file: importMessages.fileRequired });
}

/** Score imports UK and TPM from an .xlsx upload. */
export const importsRoutes: FastifyPluginAsync = async (app) => {
  // Scoped to this plugin: the limits here are the import's, not the media library's.
  await registerMultipart(app, uploadLimits);

  for (const kind of importKinds) {
    const label = importKindLabels[kind];
    staffRoute(app, {
      method: 'PUT',
      url: importPaths[kind],
      permission: 'grade.manage',
      tags: ['imports'],
      summary: `Import ${label.short} scores (${label.long}) from an .xlsx file`,
      description:
        'multipart/form-data, field `file`: an .xlsx with a header row naming the columns ' +
        '`license`, `activity_number`, `score` and optionally `feedback` (any order, any case; ' +
        "extra columns ignored). `activity_number` is the activity's position in its program, " +
        'counted over topics in order, 1-based. Every non-empty row gets a result ' +
        '(`row`, `license`, `activity_number`, `status`, `message`); good rows are written in ' +
        `one transaction. Limits: ${importLimits.fileBytes / 1024 / 1024} MB, ` +
        `${importLimits.dataRows} rows. 413 too large, 415 not an .xlsx (or password-protected), ` +
        '400 broken file, zip bomb, missing columns or no rows.',
      data: importResultSchema,
      handler: async ({ request, user }) => {
        let rows;
        try {
          rows = await importScores({ db: app.db }, user, kind, uploadedFile(request));
        } catch (error) {
          discardRest(request.raw);
          throw error;
        }
        const allOk = rows.every((r) => r.status);
        return new Reply(rows, allOk ? importMessages.done : importSummary(rows));
      },
    });
  }
};
