import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { AppProviders } from '@/app-providers';
import { GradingProgramTable, noParticipantsToExport } from './grading-program-table';

afterEach(cleanup);

/** Only what the table reads of a program. */
function program(title: string, total: number): Program {
  const row: Pick<Program, 'id' | 'title' | 'total_participants' | 'learning_targets'> = {
    id: crypto.randomUUID(),
    title,
    total_participants: total,
    learning_targets: { studies: null } as Program['learning_targets'],
  };
  return row as Program;
}

describe('GradingProgramTable', () => {
  it('disables the export of a program without participants and says why', async () => {
    const onExport = vi.fn();
    const rows = [program('Program Kosong', 0), program('Program Ramai', 3)];
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <GradingProgramTable
            rows={rows}
            loading={false}
            pagination={{ total: 2, page: 1, limit: 10, pageSizes: [10], onChange: () => {} }}
            participantsSort={null}
            onToggleParticipantsSort={() => {}}
            canGrade={false}
            exportingId={null}
            onExport={onExport}
          />
        ),
      },
    ]);
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const empty = (
      await screen.findAllByRole('button', { name: 'Export peserta Program Kosong' })
    )[0]!;
    const full = screen.getAllByRole('button', { name: 'Export peserta Program Ramai' })[0]!;
    expect((empty as HTMLButtonElement).disabled).toBe(true);
    expect(empty.getAttribute('aria-description')).toBe(noParticipantsToExport);
    expect((full as HTMLButtonElement).disabled).toBe(false);
  });
});
