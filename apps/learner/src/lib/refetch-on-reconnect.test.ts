import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refetchOnReconnect } from './refetch-on-reconnect';

const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
const keptAnswer = () => new MessageEvent('message', { data: { type: 'ajar-seen-answer' } });

describe('refetchOnReconnect', () => {
  let stop = () => {};
  let worker: EventTarget;
  let invalidate: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    const client = new QueryClient();
    invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    worker = new EventTarget();
    stop = refetchOnReconnect(client, worker);
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
    setOnline(true);
  });

  it('reads every screen again when the connection returns', () => {
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('reads again, later and later, while online answers still come from what the worker kept', () => {
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    worker.dispatchEvent(keptAnswer());
    worker.dispatchEvent(keptAnswer());
    vi.advanceTimersByTime(1_999);
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    // Several kept answers of one read make one more read.
    expect(invalidate).toHaveBeenCalledTimes(2);
    worker.dispatchEvent(keptAnswer());
    vi.advanceTimersByTime(3_999);
    expect(invalidate).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(3);
  });

  it('waits offline: kept answers are expected there, and going offline stops a planned read', () => {
    setOnline(true);
    worker.dispatchEvent(keptAnswer());
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    worker.dispatchEvent(keptAnswer());
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'other' } }));
    vi.advanceTimersByTime(120_000);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
