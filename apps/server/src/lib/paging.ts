import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

/** One key of a list's order. */
export interface OrderTerm {
  column: AnyColumn;
  dir: 'asc' | 'desc';
}

/** The ORDER BY of the terms, or of their exact inverse. */
export function orderBy(terms: OrderTerm[], reversed = false): SQL[] {
  return terms.map(({ column, dir }) =>
    (dir === 'asc') !== reversed ? asc(column) : desc(column),
  );
}

/**
 * Where a numbered page is read from. OFFSET walks every skipped row, so a page in the
 * second half of the list is read from the other end instead, in the inverse order, skipping only
 * the rows after it: the last page costs what the first does (the middle one costs most, half the
 * list). The caller orders the page's rows the normal way afterwards. Needs the total first.
 */
export function pageWindow(page: number, limit: number, total: number) {
  const offset = (page - 1) * limit;
  // Rows skipped from the start, or from the end: the fewer wins.
  if (offset >= total || offset <= total - offset - limit) {
    return { reversed: false, offset, limit };
  }
  const take = Math.min(limit, total - offset);
  return { reversed: true, offset: total - offset - take, limit: take };
}
