/** True when a driver error is a unique-constraint violation (SQLSTATE 23505), optionally on one constraint. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as {
      code?: string;
      constraint?: string;
      constraint_name?: string;
      cause?: unknown;
    };
    if (candidate.code === "23505") {
      const name = candidate.constraint ?? candidate.constraint_name;
      return constraint === undefined || name === constraint;
    }
    current = candidate.cause;
  }
  return false;
};
