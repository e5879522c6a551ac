import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';

const token = 'metrik-rahasia-untuk-pengujian-01';

describe('/api/metrics', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ METRICS: 'true', METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  it('is off unless METRICS=true', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('ajar_http_requests_total');
  });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer salah', `Bearer ${token}x`, token]) {
      const res = await on.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('counts and times requests per route pattern, with sockets and process memory', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
    ])
      await on.app.inject({ method: 'GET', url: `/api/reseller/v1/detail/${id}` });
    await on.app.inject({ method: 'GET', url: '/api/health' });
    const res = await on.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /^ajar_http_requests_total\{method="GET",route="\/api\/health",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^ajar_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1$/m,
    );
    // Two ids, one series: the pattern, not the URL.
    expect(text).toMatch(
      /^ajar_http_requests_total\{method="GET",route="\/api\/reseller\/v1\/detail\/:id",status_code="401"\} 2$/m,
    );
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(text).toMatch(/^ajar_sockets_connected 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('needs METRICS_TOKEN in production', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://ajar.example',
      METRICS: 'true',
    };
    expect(() => loadConfig(production)).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ ...production, METRICS_TOKEN: token }).METRICS).toBe(true);
  });
});
