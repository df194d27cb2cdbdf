// The shape every benchmark writes to bench/results/NAME.json; bench/report.ts renders them all
// into bench/RESULTS.md.
import { cpus, totalmem } from 'node:os';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface ResultRow {
  metric: string;
  value: number | string;
  unit: string;
  goal?: string;
  pass?: boolean;
}

export interface BenchResult {
  title: string;
  date: string;
  machine: string;
  rows: ResultRow[];
  notes?: string[];
}

function machineDescription(): string {
  return `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}

export function writeResult(name: string, result: Omit<BenchResult, 'date' | 'machine'>): void {
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const full: BenchResult = { ...result, date: new Date().toISOString(), machine: machineDescription() };
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(full, null, 2) + '\n');
}
