import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { writeSession, type StoredSession } from '../api/session';
import { GuestOnly, RequireAuth } from './guards';
import { setSignOutReason } from './sign-out-reason';

const session: StoredSession = {
  token: 'token',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  user: {
    id: '6f1c1e2a-3b4c-4d5e-8f90-1a2b3c4d5e6f',
    fullname: 'Budi Santoso',
    email: 'budi@ajar.test',
    phone: null,
    role: { key: 'trainer', name: 'Trainer' },
    permissions: ['dashboard.view'],
  },
};

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${name} ${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: GuestOnly,
        children: [
          { path: '/', element: <Where name="login" /> },
          { path: '/login', element: <Where name="login" /> },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          { path: '/dashboard', element: <Where name="dashboard" /> },
          { path: '/update-password', element: <Where name="update-password" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const where = () => screen.getByTestId('where').textContent;

afterEach(() => {
  cleanup();
  writeSession(null);
});

describe('route guards', () => {
  it('sends a guest to / remembering the wanted page', async () => {
    renderAt('/update-password');
    expect(await screen.findByTestId('where')).toBeTruthy();
    expect(where()).toBe('login /?redirect=%2Fupdate-password');
  });

  it('returns to the remembered page once signed in', async () => {
    renderAt('/?redirect=%2Fupdate-password');
    expect(where()).toBe('login /?redirect=%2Fupdate-password');
    act(() => writeSession(session));
    await screen.findByText('update-password /update-password');
  });

  it('sends a signed-in user from a guest screen to the dashboard', async () => {
    writeSession(session);
    renderAt('/login');
    await screen.findByText('dashboard /dashboard');
  });

  it('after a logout goes to / without remembering the page', async () => {
    writeSession(session);
    renderAt('/update-password');
    act(() => {
      setSignOutReason('logout');
      writeSession(null);
    });
    await screen.findByText('login /');
  });

  it('after a 401 goes to /login remembering the page', async () => {
    writeSession(session);
    renderAt('/update-password');
    act(() => {
      setSignOutReason('expired');
      writeSession(null);
    });
    await screen.findByText('login /login?redirect=%2Fupdate-password');
  });
});
