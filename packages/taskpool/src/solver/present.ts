import type { SolverRow } from "./record.ts";
import type { SolverView } from "./schemas.ts";

/** A solver's public profile. */
export const presentSolver = (row: SolverRow): SolverView => ({
  solverAddress: row.address,
  name: row.name,
  type: row.type,
  capabilities: row.capabilities,
  registeredAt: row.createdAt,
  updatedAt: row.updatedAt,
});
