// A fixture is loaded at every start (PORTAL_FIXTURE), on a database that may already hold it.
// So a record already present and identical is skipped, and one present with other values is
// a problem naming both. With an id, "present" means that id; without one, an equal record
// (same organisation and fields): each record present stands for one fixture record only, so
// two equal records in a fixture are still two records.
import type { Database } from 'better-sqlite3';
import { quoted } from '../portal/echo.ts';
import type { FixtureRow } from './fixture-rows.ts';
import type { Row } from './writer.ts';

interface PresentRecords {
  /** Fixture rows already in the database, identical: not written again. */
  skipped: Set<FixtureRow>;
  problems: string[];
}

const MAX_DIFFERENCES_SHOWN = 3;

const show = (value: unknown) => (typeof value === 'string' ? quoted(value) : String(value));

export function findPresent(db: Database, rows: readonly FixtureRow[]): PresentRecords {
  const skipped = new Set<FixtureRow>();
  const problems: string[] = [];
  /** Ids of present records that already stand for a fixture record, per table. */
  const matched = new Map<string, Set<unknown>>();
  const matchedIn = (table: string) => {
    let ids = matched.get(table);
    if (!ids) matched.set(table, (ids = new Set()));
    return ids;
  };
  const hasId = (r: FixtureRow) => r.row[r.kind.primaryKey] !== null && r.row[r.kind.primaryKey] !== undefined;

  // Records with an id first: an id-less record never takes a present record that one names.
  for (const fixtureRow of [...rows.filter(hasId), ...rows.filter((r) => !hasId(r))]) {
    const { kind, index, row, compared } = fixtureRow;
    const id = row[kind.primaryKey];
    if (hasId(fixtureRow)) {
      const present = db.prepare(`SELECT * FROM ${kind.table} WHERE ${kind.primaryKey} = ?`).get(id) as Row | undefined;
      if (!present) continue;
      const differences = compared.filter((c) => present[c] !== row[c]);
      if (differences.length === 0) {
        matchedIn(kind.table).add(id);
        skipped.add(fixtureRow);
        continue;
      }
      const shown = differences
        .slice(0, MAX_DIFFERENCES_SHOWN)
        .map((c) => `${c} ${show(present[c])} in the database, ${show(row[c])} in the fixture`)
        .join(', ');
      const more =
        differences.length > MAX_DIFFERENCES_SHOWN ? ` and ${differences.length - MAX_DIFFERENCES_SHOWN} more` : '';
      problems.push(
        `${kind.name}[${index}].${kind.primaryKey}: id ${String(id)} already exists in the database with other values (${shown}${more})`,
      );
      continue;
    }
    // Column names come from the fixture schema, never from the document.
    const equal = db
      .prepare(
        `SELECT ${kind.primaryKey} FROM ${kind.table} WHERE ${compared.map((c) => `${c} IS ?`).join(' AND ')} ORDER BY ${kind.primaryKey}`,
      )
      .pluck()
      .all(...compared.map((c) => row[c])) as number[];
    const used = matchedIn(kind.table);
    const free = equal.find((presentId) => !used.has(presentId));
    if (free !== undefined) {
      used.add(free);
      skipped.add(fixtureRow);
    }
  }
  return { skipped, problems };
}
