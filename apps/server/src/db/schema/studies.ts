import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

/** Study fields (bidang studi); names are unique regardless of case. */
export const studies = pgTable(
  'studies',
  {
    id: id(),
    title: text('title').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('studies_title_key').on(sql`lower(${t.title})`)],
);
