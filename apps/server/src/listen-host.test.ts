import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { listenHost } from './listen-host';

describe('listenHost', () => {
  it('keeps a start with demo data on loopback and says how to open it', () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      const chosen = listenHost(loadConfig({ NODE_ENV }));
      expect(chosen.host).toBe('127.0.0.1');
      expect(chosen.notice).toContain('HOST=0.0.0.0');
    }
    // The default NODE_ENV (development) seeds too.
    expect(listenHost(loadConfig({})).host).toBe('127.0.0.1');
  });

  it('listens on every interface in production', () => {
    expect(
      listenHost(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://ajar.example' })),
    ).toEqual({ host: '0.0.0.0' });
  });

  it('uses HOST when it is set, with or without demo data', () => {
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }))).toEqual({ host: '0.0.0.0' });
    expect(
      listenHost(
        loadConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://ajar.example',
          HOST: '10.0.0.5',
        }),
      ),
    ).toEqual({
      host: '10.0.0.5',
    });
    // An empty HOST counts as unset, like every variable.
    expect(listenHost(loadConfig({ HOST: '' })).host).toBe('127.0.0.1');
  });
});
