import { describe, expect, it } from 'vitest';
import type { DiscussionMessage } from '@ajar/shared/discussions/discussions.schemas';
import { buildThreadTree } from './thread-tree';

const message = (id: string, parent_id: string | null): DiscussionMessage => ({
  id,
  parent_id,
  program_id: 'p',
  topic_id: 't',
  activity_id: 'a',
  content: id,
  author_name: 'Peserta',
  author_kind: 'member',
  author_role: null,
  is_mine: false,
  created_at: '2025-01-01T00:00:00.000Z',
  total_child: 0,
});

describe('buildThreadTree', () => {
  it('nests replies under their parents in list order', () => {
    const tree = buildThreadTree([
      message('a', null),
      message('b', 'a'),
      message('c', null),
      message('d', 'b'),
      message('e', 'a'),
    ]);
    expect(tree.map((n) => n.id)).toEqual(['a', 'c']);
    expect(tree[0]!.children.map((n) => n.id)).toEqual(['b', 'e']);
    expect(tree[0]!.children[0]!.children.map((n) => n.id)).toEqual(['d']);
  });

  it('keeps an orphaned reply at the top level', () => {
    expect(buildThreadTree([message('x', 'gone')]).map((n) => n.id)).toEqual(['x']);
  });
});
