// Vitest's global setup: what the whole run shares. A folder for the run's one PostgreSQL server
// (started by the first test file that asks for it, see shared-postgres.ts), and one inside the
// project for what the tests compile (portal-cli.ts); both go when the run ends.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopRunServer } from '../dashboard/test/postgres.ts';

const root = join(import.meta.dirname, '..', '..');

export default function setup(project: TestProject): () => Promise<void> {
  const postgresRunDir = mkdtempSync(join(tmpdir(), 'lp-pg-run-'));
  project.provide('postgresRunDir', postgresRunDir);
  mkdirSync(join(root, '.data'), { recursive: true });
  const testBuildDir = mkdtempSync(join(root, '.data', 'test-build-'));
  project.provide('testBuildDir', testBuildDir);
  return async () => {
    rmSync(testBuildDir, { recursive: true, force: true });
    await stopRunServer(postgresRunDir);
  };
}
