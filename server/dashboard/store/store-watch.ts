// Whether the PostgreSQL store is reachable, and getting back to it after an outage.
// pg's pool reconnects on demand, but alone it lets every request of an outage try a new
// connection (each one waiting up to the connect timeout when the host does not answer) and
// nothing tells /readyz. So: the first connection error marks the store down; from then on the
// store's work fails at once with StoreUnavailableError (503 store_unavailable), while one probe
// at a time asks PostgreSQL again, 100 ms after the fault, then twice as long each time up to
// 1 s. The first probe that succeeds lets the requests through again: a replica serves again at
// most about 1 s after the database is back (docs/architecture.md).
import {
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
} from 'kysely';
import { isStoreUnreachable, StoreUnavailableError } from './availability.ts';

export const FIRST_PROBE_DELAY_MS = 100;
export const MAX_PROBE_DELAY_MS = 1_000;

export class StoreWatch {
  private downSince: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    /** Resolves when the database answers a query; rejects otherwise. */
    private readonly probe: () => Promise<void>,
    private readonly log: (line: string) => void = (line) => console.error(line),
  ) {}

  get reachable(): boolean {
    return this.downSince === undefined;
  }

  /** Throws StoreUnavailableError while the store is known to be down. */
  assertReachable(): void {
    if (!this.reachable) throw new StoreUnavailableError();
  }

  /** Any error of the store's work: one that says the store is unreachable starts the probing. */
  noteError(error: unknown): void {
    if (this.closed || !this.reachable || error instanceof StoreUnavailableError || !isStoreUnreachable(error)) return;
    this.downSince = Date.now();
    this.log(`dashboard store: PostgreSQL cannot be reached (${describe(error)}); answering 503 until it is back`);
    this.schedule(FIRST_PROBE_DELAY_MS);
  }

  /** For /readyz: why the store cannot be used, or undefined (asks the database when it looks up). */
  async problem(): Promise<string | undefined> {
    if (this.reachable) {
      try {
        await this.probe();
      } catch (error) {
        this.noteError(error);
        if (this.reachable) return `The dashboard store did not answer (${describe(error)}).`;
      }
    }
    if (this.downSince === undefined) return undefined;
    const seconds = Math.round((Date.now() - this.downSince) / 1000);
    return `The dashboard store (PostgreSQL) cannot be reached, for ${seconds} s now.`;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.probe().then(
        () => {
          if (this.closed || this.downSince === undefined) return;
          this.log(`dashboard store: PostgreSQL is back after ${((Date.now() - this.downSince) / 1000).toFixed(1)} s`);
          this.downSince = undefined;
        },
        () => {
          if (!this.closed) this.schedule(Math.min(delayMs * 2, MAX_PROBE_DELAY_MS));
        },
      );
    }, delayMs);
    // The probing never holds a stopping process open.
    this.timer.unref();
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}

/** Kysely's PostgreSQL driver, failing at once while the watch says the store is down. */
class WatchedPostgresDriver extends PostgresDriver {
  constructor(
    config: PostgresDialectConfig,
    private readonly watch: StoreWatch,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    this.watch.assertReachable();
    try {
      return await super.acquireConnection();
    } catch (error) {
      this.watch.noteError(error);
      throw error;
    }
  }
}

export class WatchedPostgresDialect extends PostgresDialect {
  constructor(
    private readonly dialectConfig: PostgresDialectConfig,
    private readonly watch: StoreWatch,
  ) {
    super(dialectConfig);
  }

  override createDriver(): Driver {
    return new WatchedPostgresDriver(this.dialectConfig, this.watch);
  }
}
