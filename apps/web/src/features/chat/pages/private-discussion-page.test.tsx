import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app-providers';
import { DataProviders } from '@/data-providers';
import { PrivateDiscussionPage } from './private-discussion-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PrivateDiscussionPage', () => {
  it('says what to do where the chat goes while no room is chosen', async () => {
    const empty = { status: 200, message: 'ok', data: { list: [], page: 1, limit: 10, total: 0 } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(empty), { status: 200 })),
    );
    const router = createMemoryRouter(
      [{ path: '/discussion/private', Component: PrivateDiscussionPage }],
      { initialEntries: ['/discussion/private'] },
    );
    render(
      <AppProviders>
        <DataProviders>
          <RouterProvider router={router} />
        </DataProviders>
      </AppProviders>,
    );
    expect(await screen.findByText('Pilih diskusi untuk mulai chat')).toBeTruthy();
  });
});
