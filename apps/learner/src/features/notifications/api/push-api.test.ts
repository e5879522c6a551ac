import { afterEach, describe, expect, it, vi } from 'vitest';
import { enablePush, pushFailureMessage, pushStepTimeoutMs, pushTexts } from './push-api';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A secure browser with push whose permission is granted and whose worker is as given. */
function stubPushBrowser(serviceWorker: Partial<ServiceWorkerContainer>) {
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, { permission: 'granted', requestPermission: vi.fn() }),
  );
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
}

describe('pushFailureMessage', () => {
  it("never passes the browser's English on", () => {
    const denied = new DOMException('Registration failed - permission denied', 'NotAllowedError');
    expect(pushFailureMessage(denied)).toBe(pushTexts.denied);
    const service = new DOMException('Registration failed - push service error', 'AbortError');
    expect(pushFailureMessage(service)).toBe(pushTexts.serviceFailed);
    expect(pushFailureMessage(new TypeError('Failed to fetch'))).toBe(pushTexts.failed);
    expect(pushFailureMessage(new Error('boom'), pushTexts.offFailed)).toBe(pushTexts.offFailed);
  });
});

describe('enablePush', () => {
  it('answers in Indonesian when the browser refuses the subscription', async () => {
    const subscribe = vi.fn(() =>
      Promise.reject(
        new DOMException('Registration failed - permission denied', 'NotAllowedError'),
      ),
    );
    const reg = { pushManager: { getSubscription: async () => null, subscribe } };
    stubPushBrowser({ getRegistration: async () => reg as unknown as ServiceWorkerRegistration });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: { public_key: 'AQAB' } }))),
    );
    await expect(enablePush()).rejects.toThrow(pushTexts.denied);
  });

  it('gives up with a message when the service worker never becomes ready', async () => {
    vi.useFakeTimers();
    stubPushBrowser({
      getRegistration: async () => undefined,
      ready: new Promise<ServiceWorkerRegistration>(() => {}),
    });
    const result = enablePush();
    const settled = expect(result).rejects.toThrow(pushTexts.timedOut);
    await vi.advanceTimersByTimeAsync(pushStepTimeoutMs);
    await settled;
  });
});
