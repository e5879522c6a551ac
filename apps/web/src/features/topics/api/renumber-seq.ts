/**
 * After an optimistic move, the shown items take the same seq values in their new order, so a
 * following drop (before the reload) computes its target seq from the order on screen. In a
 * filtered list the shown items keep the seq slots they had.
 */
export function renumberSeq<T extends { seq: number }>(items: readonly T[]): T[] {
  const slots = items.map((item) => item.seq).sort((a, b) => a - b);
  return items.map((item, index) => ({ ...item, seq: slots[index] ?? item.seq }));
}
