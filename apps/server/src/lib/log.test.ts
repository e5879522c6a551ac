import { describe, expect, it } from 'vitest';
import { redactUrl } from './log';

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
});
