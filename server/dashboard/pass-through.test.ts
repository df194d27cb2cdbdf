import { describe, expect, it } from 'vitest';
import { MAX_ACTOR_LENGTH, actorOf, sourceOf } from './pass-through.ts';

describe('history headers', () => {
  it.each([
    ['form', 'form'],
    ['IMPORT', 'import'],
    [' bulk ', 'bulk'],
    ['copy', 'copy'],
    ['hacker', 'unknown'],
    [undefined, 'unknown'],
  ])('X-Dashboard-Source %j is recorded as %j', (header, source) => {
    expect(sourceOf(header)).toBe(source);
  });

  it.each([
    [encodeURIComponent('  Zoë  Lefèvre '), 'Zoë Lefèvre'],
    ['plain', 'plain'],
    ['100%', '100%'],
    [encodeURIComponent('line\nbreak\u0000'), 'line break'],
    ['   ', null],
    [undefined, null],
  ])('X-Dashboard-Actor %j is recorded as %j', (header, actor) => {
    expect(actorOf(header)).toBe(actor);
  });

  it('cuts a long actor label', () => {
    expect(actorOf('é'.repeat(500))).toHaveLength(MAX_ACTOR_LENGTH);
  });
});
