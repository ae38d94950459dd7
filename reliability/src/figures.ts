/**
 * A gate's figures, printed on one line so a CI log shows them (`grep '\[reliability\]'`);
 * docs/reliability.md records them from such a run.
 */
export const printFigures = (gate: string, figures: Record<string, string | number | bigint>): void => {
  const label = process.env.TALLY_TEST_LABEL ?? (process.env.DATABASE_URL ? "postgres" : "pglite");
  const parts = Object.entries(figures).map(([name, value]) => `${name}=${value}`);
  console.log(`[reliability] ${gate} (${label}): ${parts.join(" ")}`);
};
