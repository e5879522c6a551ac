import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemberGrade } from '@ajar/shared/members/member-grades.schemas';
import { GradeCard } from './grade-card';

afterEach(cleanup);

const base: MemberGrade = {
  activity_id: '00000000-0000-4000-8000-000000000001',
  topic_id: '00000000-0000-4000-8000-000000000002',
  topic_name: 'Topik 1',
  name: 'Ujian Akhir',
  type: 'exam',
  kind: 'quiz',
  score: null,
  score_hidden: false,
  passed: null,
  minimum: null,
  attempts: { used: 0, allowed: 1 },
  uploaded_at: null,
  feedback: null,
};

function show(grade: MemberGrade) {
  render(
    <MemoryRouter>
      <ul>
        <GradeCard programId="00000000-0000-4000-8000-000000000009" grade={grade} />
      </ul>
    </MemoryRouter>,
  );
  return screen.getByRole('listitem', { name: grade.name });
}

describe('GradeCard', () => {
  it('says a hidden score is hidden, and counts attempts without a limit', () => {
    const card = show({
      ...base,
      score_hidden: true,
      passed: true,
      attempts: { used: 3, allowed: null },
    });
    expect(within(card).getByLabelText('Nilai Ujian Akhir').textContent).toBe('–');
    within(card).getByText('Nilai aktivitas ini tidak ditampilkan kepada peserta.');
    within(card).getByText('3 kali dikerjakan (tanpa batas kesempatan)');
    within(card).getByText('Lulus');
  });

  it("shows practice work's upload and the trainer's feedback", () => {
    const card = show({
      ...base,
      name: 'Praktik Buku Kas',
      type: 'praktek_mandiri',
      kind: 'work',
      score: 87.5,
      attempts: null,
      uploaded_at: '2026-11-20T03:00:00.000Z',
      feedback: { score: 87.5, text: 'Rapi, lengkapi kesimpulan.', at: '2026-11-21T03:00:00.000Z' },
    });
    expect(within(card).getByLabelText('Nilai Praktik Buku Kas').textContent).toBe('87,5');
    within(card).getByText('Sudah dinilai');
    within(card).getByText('Tugas diunggah 20 Nov 2026');
    const feedback = within(card).getByRole('region', {
      name: 'Umpan balik pelatih untuk Praktik Buku Kas',
    });
    within(feedback).getByText('Rapi, lengkapi kesimpulan.');
    within(feedback).getByText('Nilai dari pelatih: 87,5');
  });

  it('waits for the first attempt and for the upload', () => {
    const card = show(base);
    within(card).getByText('Belum dikerjakan');
    expect(within(card).queryByText(/Lulus|Belum lulus/)).toBeNull();
  });
});
