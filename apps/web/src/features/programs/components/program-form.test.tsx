import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app-providers';
import { DataProviders } from '@/data-providers';
import { emptyProgramForm } from './program-form.schema';
import { ProgramForm } from './program-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const empty = { status: 200, message: 'ok', data: { list: [], page: 1, limit: -1, total: 0 } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(empty), { status: 200 })),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/program/tambah-program',
        element: <ProgramForm defaultValues={emptyProgramForm()} />,
      },
      { path: '/program', element: <p>Daftar Program</p> },
    ],
    { initialEntries: ['/program/tambah-program'] },
  );
  render(
    <AppProviders>
      <DataProviders>
        <RouterProvider router={router} />
      </DataProviders>
    </AppProviders>,
  );
  return router;
}

describe('ProgramForm', () => {
  it("asks before 'Batal' throws typed edits away, and stays on 'Batal' of the question", async () => {
    const router = renderForm();
    const title = await screen.findByRole('textbox', { name: /Judul Program/ });
    fireEvent.change(title, { target: { value: 'Program yang belum disimpan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));

    expect(await screen.findByText('Perubahan belum disimpan')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/program/tambah-program');
    fireEvent.click(screen.getByRole('button', { name: 'Tinggalkan' }));
    expect(await screen.findByText('Daftar Program')).toBeTruthy();
  });

  it("leaves at once on 'Batal' when nothing was changed", async () => {
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Batal' }));
    expect(await screen.findByText('Daftar Program')).toBeTruthy();
  });
});
