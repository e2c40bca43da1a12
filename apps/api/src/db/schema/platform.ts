import { customType, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Small key/value settings every instance shares (maintenance mode, feed cache, ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** An uploaded or generated image; its bytes live in image_variants so every instance serves it. */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  originalName: text('original_name'),
  createdAt: createdAt(),
});

export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    size: text('size', { enum: ['sm', 'md', 'lg'] }).notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.size] })],
);
