import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveRefetchWindow, refetchSoon } from './live';

describe('refetchSoon', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetches a shown query once, at a random moment of the window, however many events', async () => {
    const client = new QueryClient();
    let fetches = 0;
    const key = ['discussion', 'p1', 'a1'];
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => ++fetches,
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(fetches).toBe(1));

    // Three events: the data is stale at once, nothing is asked before the chosen moment.
    for (let i = 0; i < 3; i += 1) refetchSoon(client, key, () => 0.5);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    const at = liveRefetchWindow.min + 0.5 * (liveRefetchWindow.max - liveRefetchWindow.min);
    await vi.advanceTimersByTimeAsync(at - 1);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(2);
    await vi.advanceTimersByTimeAsync(liveRefetchWindow.max);
    expect(fetches).toBe(2);
    stop();
  });

  it('asks nothing for data no screen shows: it is loaded fresh when one opens', async () => {
    const client = new QueryClient();
    const key = ['discussion-unread', 'p2'];
    client.setQueryData(key, { total_unread: 0, activities: [] });
    let fetches = 0;
    client.setQueryDefaults(key, { queryFn: () => ++fetches });
    refetchSoon(client, key, () => 0);
    await vi.advanceTimersByTimeAsync(liveRefetchWindow.max);
    expect(fetches).toBe(0);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
