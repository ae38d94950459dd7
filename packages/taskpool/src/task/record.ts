import { rowFinder, tasks } from "@tally/db";

export type TaskRow = typeof tasks.$inferSelect;

/** The tenant's task by its id (404 "Task not found" otherwise); `lock` holds the row until the transaction ends. */
export const findTask = rowFinder(tasks, "Task");
