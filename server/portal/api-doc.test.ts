// docs/portal-api.md keeps up with the code: every error code the servers can answer and every
// operation of the OpenAPI document is named in it.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from './openapi.ts';

const root = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(root, 'docs/portal-api.md'), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Codes written where an error is made: PortalError(status, 'code'), badRequest('code'), errorBody('code'), code: 'code'. */
function emittedCodes(): Set<string> {
  const made = /(?:PortalError\(\s*\d+,\s*|badRequest\(\s*|errorBody\(\s*|code:\s*)'([a-z]+(?:_[a-z]+)+)'/g;
  const codes = new Set<string>();
  for (const file of [...sourceFiles('server/portal'), ...sourceFiles('server/web')]) {
    for (const match of readFileSync(file, 'utf8').matchAll(made)) codes.add(match[1] ?? '');
  }
  return codes;
}

describe('docs/portal-api.md', () => {
  it('names every error code the portal and the production server answer', () => {
    const codes = emittedCodes();
    // The scan itself must find the codes (a broken pattern would pass vacuously).
    expect([...codes]).toEqual(
      expect.arrayContaining(['invalid_json', 'not_found', 'duplicate_membership', 'portal_unreachable']),
    );
    const missing = [...codes].filter((code) => !doc.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });

  it('names every operation', () => {
    const missing = operations
      .map((op) => `${op.method.toUpperCase()} ${op.path}`)
      .filter((name) => !doc.includes(name));
    expect(missing).toEqual([]);
  });
});
