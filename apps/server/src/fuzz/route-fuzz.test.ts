import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberConsentStatus } from '@ajar/shared/privacy/privacy.schemas';
import { buildMatrixWorld, type MatrixWorld } from '../test/matrix-world';
import { recordRoutes, type RecordedRoute } from '../test/route-recorder';
import { createTestApp, type TestApp } from '../test/test-app';
import { runRouteFuzz } from './route-fuzz';

// A bounded run for `npm test`; `npm run bench -- fuzz` runs every case and more (bench/fuzz.ts).
// FUZZ_SEED and FUZZ_CASES replay or widen a run: the seed is in the message of every failure.
const seed = Number(process.env.FUZZ_SEED ?? 20_251_124);
const casesPerTarget = Number(process.env.FUZZ_CASES ?? 24);

describe('schema-driven fuzz of every route', () => {
  let t: TestApp;
  let routes: RecordedRoute[];
  let w: MatrixWorld;

  beforeAll(async () => {
    const recorder = recordRoutes();
    try {
      // Thousands of writes per token: the write limits (tested on their own) would refuse
      // the cases before their input is ever checked.
      t = await createTestApp({ RATE_LIMITS: 'false' });
    } finally {
      routes = recorder.stop();
    }
    w = await buildMatrixWorld(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /**
   * The fuzzed notice text makes a new version, which every member must agree to before any
   * other member route answers (403 `consent_required`); the world's member agrees again, as a
   * participant would at the consent screen.
   */
  async function agreeToNewNotice(route: string) {
    if (route !== 'PUT /api/privacy/v1/notice') return;
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/privacy/consent',
      headers: w.headers.member,
    });
    const data = status.json().data as MemberConsentStatus;
    if (!data.required || !data.notice) return;
    const agreed = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/privacy/consent',
      headers: w.headers.member,
      payload: { version: data.notice.version },
    });
    expect(agreed.statusCode).toBe(200);
  }

  // The run in shares, each with its own time budget: one test of the whole run held a fixed
  // amount of work against one timeout that a busy machine could eat.
  const shares = 8;
  let targets = 0;
  for (let index = 0; index < shares; index += 1) {
    it(
      `never answers 5xx, shows no stack trace or SQL, and refuses NUL / lone surrogates (${index + 1}/${shares})`,
      async () => {
        const shard = { index, count: shares };
        const report = await runRouteFuzz(t.app, w, routes, {
          seed,
          casesPerTarget,
          shard,
          afterRoute: agreeToNewNotice,
        });
        targets += report.targets;
        expect(report.run).toBeGreaterThan(report.targets);
        expect(
          report.findings.map(
            (f) => `${f.route} as ${f.role} [${f.label}] ${f.problem}: ${f.body}`,
          ),
          `seed ${seed} share ${index}, ${report.run} cases`,
        ).toEqual([]);
        expect(report.skipped, 'cases whose valid request could not be built').toEqual([]);
        // app.ts sets `frameworkErrors`: a URL the router refuses answers the envelope too.
        expect(report.routerErrors, "Fastify's own error shape").toEqual([]);
      },
      Number(process.env.FUZZ_TIMEOUT_MS ?? 150_000),
    );
  }

  it('covered every route of the matrix', () => {
    expect(targets).toBeGreaterThan(100);
  });
});
