import { timestamp } from 'drizzle-orm/pg-core';

/** The two timestamps most tables carry (one definition for every tables file). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
