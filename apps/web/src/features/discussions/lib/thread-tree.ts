import type { DiscussionMessage } from '@ajar/shared/discussions/discussions.schemas';

export interface ThreadNode extends DiscussionMessage {
  children: ThreadNode[];
}

/**
 * The flat list as a tree by `parent_id` (spec 01 §7), keeping the list's order at every level.
 * A reply whose parent is missing from the list shows at the top level rather than vanishing.
 */
export function buildThreadTree(list: readonly DiscussionMessage[]): ThreadNode[] {
  const nodes = new Map<string, ThreadNode>();
  for (const message of list) nodes.set(message.id, { ...message, children: [] });
  const roots: ThreadNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
