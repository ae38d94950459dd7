import { AppError } from "@tally/core";
import { type Executor, taskSolvers } from "@tally/db";
import { eq } from "drizzle-orm";

export type SolverRow = typeof taskSolvers.$inferSelect;

export const solverNotFound = (): AppError => new AppError("not_found", "Solver not found");

/** A registered solver by its lowercase address (404 "Solver not found" otherwise). */
export const findSolver = async (db: Executor, address: string): Promise<SolverRow> => {
  const [row] = await db.select().from(taskSolvers).where(eq(taskSolvers.address, address));
  if (!row) throw solverNotFound();
  return row;
};
