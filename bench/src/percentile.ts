/** The p-th percentile (nearest rank) of ascending `sorted`; 0 when it is empty. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
