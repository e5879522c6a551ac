import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TopicActivity } from '@ajar/shared/topics/topics.schemas';
import { ActivityTable } from './activity-table';

const activity = (name: string, content_missing: boolean): TopicActivity => ({
  id: crypto.randomUUID(),
  activity_id: crypto.randomUUID(),
  topic_id: 'a0000000-0000-4000-8000-000000000001',
  program_id: 'a0000000-0000-4000-8000-000000000002',
  name,
  title: name,
  type: 'membaca-e-book',
  activity_type: 'membaca-e-book',
  seq: 1,
  status: 'publish',
  settings: { estimated_duration: 10 },
  content_missing,
  total_unread: 0,
});

describe('ActivityTable', () => {
  it("flags an activity participants cannot complete: 'Konten belum lengkap'", () => {
    render(
      <MemoryRouter>
        <ActivityTable
          programId="a0000000-0000-4000-8000-000000000002"
          topicId="a0000000-0000-4000-8000-000000000001"
          activities={[activity('E-book tanpa PDF', true), activity('E-book lengkap', false)]}
          canManage
        />
      </MemoryRouter>,
    );
    const rows = screen.getAllByTestId('activity-row');
    expect(rows[0]!.textContent).toContain('Konten belum lengkap');
    expect(rows[1]!.textContent).not.toContain('Konten belum lengkap');
  });
});
