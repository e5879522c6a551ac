import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { MediaType } from '@ajar/shared/media/media.constants';
import { id, timestamps } from './columns';
import { users } from './users';

export const media = pgTable(
  'media',
  {
    id: id(),
    type: text('type').$type<MediaType>().notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storage_key: text('storage_key').notNull(),
    original_name: text('original_name'),
    title: text('title'),
    caption: text('caption'),
    alt: text('alt'),
    description: text('description'),
    source: text('source').notNull().default('upload'),
    url: text('url'),
    uploaded_by: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('media_type_created_idx').on(t.type, t.created_at),
    index('media_created_idx').on(t.created_at),
  ],
);
