import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl } from './log';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/password-reset?token=abc_DEF-123')).toBe('/password-reset?token=[redacted]');
    expect(redactUrl('/x?page=2&TOKEN=abc&q=lele#top')).toBe(
      '/x?page=2&TOKEN=[redacted]&q=lele#top',
    );
    expect(redactUrl('/api/program/v1/company/list?q=token')).toBe(
      '/api/program/v1/company/list?q=token',
    );
  });

  it('hides the token of download links, in a path or in a text', () => {
    expect(redactUrl('/api/download/dl_abc-DEF.123')).toBe('/api/download/[redacted]');
    expect(redactUrl('/api/download/abc?x=1')).toBe('/api/download/[redacted]?x=1');
    expect(
      redactUrl(
        'Unduh: https://ajar.example/api/download/abc123 lalu https://ajar.example/belajar/reset-password?token=xyz\n',
      ),
    ).toBe(
      'Unduh: https://ajar.example/api/download/[redacted] lalu https://ajar.example/belajar/reset-password?token=[redacted]\n',
    );
    expect(redactUrl('/api/downloads/list')).toBe('/api/downloads/list');
  });
});

describe('logSerializers.req', () => {
  it('writes request lines without download tokens', () => {
    const line = logSerializers.req({ method: 'GET', url: '/api/download/dl-secret-123' });
    expect(line.url).toBe('/api/download/[redacted]');
    expect(JSON.stringify(line)).not.toContain('dl-secret-123');
  });
});
