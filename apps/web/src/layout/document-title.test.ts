import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';
import { crumbsFromMatches } from './page-title';

describe('documentTitle', () => {
  it('joins the trail with " / " and appends the app name (spec 01 §2)', () => {
    expect(documentTitle(['Dashboard'])).toBe('Dashboard - Content Management System Trainer');
    expect(documentTitle(['Daftar Program', 'Detail Program'])).toBe(
      'Daftar Program / Detail Program - Content Management System Trainer',
    );
  });

  it('is the app name alone without a trail', () => {
    expect(documentTitle([])).toBe('Content Management System Trainer');
    expect(documentTitle([' '])).toBe('Content Management System Trainer');
  });
});

describe('crumbsFromMatches', () => {
  it('takes titled routes in order, reads params, and lets an index route replace its parent', () => {
    const crumbs = crumbsFromMatches([
      { handle: undefined, params: {}, pathname: '/' },
      { handle: { title: 'Program' }, params: {}, pathname: '/program' },
      { handle: { title: 'Daftar Program' }, params: {}, pathname: '/program/' },
      {
        handle: { title: (p: Record<string, string | undefined>) => `Kode ${p.id}` },
        params: { id: 'ABC' },
        pathname: '/list-referal/ABC',
      },
    ]);
    expect(crumbs).toEqual([
      { label: 'Daftar Program', to: '/program/' },
      { label: 'Kode ABC', to: '/list-referal/ABC' },
    ]);
  });

  it("puts a route's trail before its own crumb (Daftar Peserta after the grading list)", () => {
    const crumbs = crumbsFromMatches([
      {
        handle: {
          title: 'Daftar Peserta',
          trail: [{ label: 'Daftar Program', to: '/kelola-nilai' }],
        },
        params: { id: '7' },
        pathname: '/program/users/7',
      },
    ]);
    expect(crumbs).toEqual([
      { label: 'Daftar Program', to: '/kelola-nilai' },
      { label: 'Daftar Peserta', to: '/program/users/7' },
    ]);
  });
});
