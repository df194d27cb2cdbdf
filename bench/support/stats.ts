// Small figures helpers shared by the limit benchmarks (first-data, server-baseline).

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const r2 = (v: number) => Math.round(v * 100) / 100;

/** Two decimals, or three where two would hide on which side of the goal the ratio is. */
export const shown = (ratio: number, goal: number) =>
  r2(ratio) === goal ? Math.round(ratio * 1000) / 1000 : r2(ratio);
