// Docs that name a file the project no longer has send the next maintainer looking for it: every
// backticked path from a top-level folder, and every relative link, in README.md and docs/ must exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const topFolders = ['src', 'server', 'scripts', 'bench', 'e2e', 'docs', 'public', '.ci'];
const documents = [
  'README.md',
  'server/portal/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** `src/x.ts`, `src/x.ts:12`, `docs/a.md#part`: the file part. Placeholders (`<feature>`, `*`, `{a,b}`) are not paths. */
function namedPaths(text: string): string[] {
  const paths: string[] = [];
  for (const [, code = ''] of text.matchAll(/`([^`\s]+)`/g)) {
    if (!topFolders.some((folder) => code.startsWith(`${folder}/`)) || /[<>*{}]/.test(code)) continue;
    paths.push(code.replace(/[#:].*$/, ''));
  }
  return paths;
}

/** Markdown links to files of the project (not web addresses, not anchors of the same page). */
function linkedPaths(text: string, document: string): string[] {
  const paths: string[] = [];
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    paths.push(join(dirname(document), target.replace(/#.*$/, '')));
  }
  return paths;
}

describe('paths named in the docs', () => {
  it.each(documents)('%s names only files that exist', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    const missing = [...namedPaths(text), ...linkedPaths(text, document)].filter(
      (path) => !existsSync(join(root, path)),
    );
    expect(missing).toEqual([]);
  });

  it('reads paths and links the way the docs write them', () => {
    const text =
      'see `src/lib/csv.ts:12`, `docs/a.md#b`, `src/features/<feature>/`, [x](../y.md#z) and [w](https://e.org)';
    expect(namedPaths(text)).toEqual(['src/lib/csv.ts', 'docs/a.md']);
    expect(linkedPaths(text, 'docs/architecture.md')).toEqual(['y.md']);
  });
});
