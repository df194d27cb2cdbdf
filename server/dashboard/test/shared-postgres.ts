// The vitest run's one PostgreSQL server: started by the first test file that asks for it, shared
// by every file after it, stopped when the run ends (server/test/global-setup.ts). Starting a
// server costs seconds; a database on a running one, milliseconds. Each test takes its own
// databases (createDatabase, random names), so no test sees another's rows. A test that stops,
// restarts or breaks its server takes a private one instead (startPostgres, postgres.ts).
import { inject } from 'vitest';
import { createDatabase, runServer, startPostgres, type TestPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the run's shared PostgreSQL server (postgres.ts, runServer). */
    postgresRunDir: string;
  }
}

export type SharedPostgres = Pick<TestPostgres, 'createDatabase'>;

let shared: Promise<SharedPostgres> | undefined;

/** A handle on the run's server: `createDatabase` only; the run stops it. */
export function sharedPostgres(): Promise<SharedPostgres> {
  shared ??= connect();
  return shared;
}

async function connect(): Promise<SharedPostgres> {
  const runDir = inject('postgresRunDir');
  if (runDir) {
    const base = await runServer(runDir);
    return { createDatabase: () => createDatabase(base) };
  }
  // Under a config without the global setup: a private server for this process, stopped when it exits.
  const server = await startPostgres();
  return { createDatabase: server.createDatabase };
}
