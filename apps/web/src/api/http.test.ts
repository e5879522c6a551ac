import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@ajar/shared/common/messages';
import { ApiError, http } from './http';

describe('the back office http client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns a call that never reached the server into the one Indonesian message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const failure = http.post('/program/v1/company/create', { title: 'x' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow(messages.networkError);
  });

  it('lets an aborted call stay an abort', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(http.get('/program/v1/company/list')).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
