import { timestamp } from "drizzle-orm/pg-core";

/** The timestamp columns every table spells the same way (one builder serves every table). */
export const createdAt = timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
