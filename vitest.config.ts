import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // One test file per core, at least two: Vitest's default (cores - 1) runs one file at a time on
    // 2 cores, and most files wait on sockets, child processes and timers more than they compute.
    // Each file owns its data (ports 0, temporary folders, its own databases), so files may run together.
    maxWorkers: Math.max(2, availableParallelism()),
    // The run's shared PostgreSQL server (server/dashboard/test/shared-postgres.ts).
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
