import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { MediaType } from '@ajar/shared/media/media.constants';
import type { VideoStreamStatus } from '@ajar/shared/media/media-video';
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
    /** A video's conversion to HLS (modules/media/video-transcode.service.ts); null: none. */
    video_status: text('video_status').$type<VideoStreamStatus>(),
    video_progress: integer('video_progress').notNull().default(0),
    /** The folder of its renditions, `hls/<id>/<version>`, versioned so its files never change. */
    hls_prefix: text('hls_prefix'),
    /** The renditions' heights, lowest first. */
    hls_heights: integer('hls_heights').array(),
    ...timestamps(),
  },
  (t) => [
    index('media_type_created_idx').on(t.type, t.created_at),
    index('media_created_idx').on(t.created_at),
  ],
);
