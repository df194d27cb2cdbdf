// Readable zod issues. zod/mini ships no message locale ("Invalid input"), so the server
// words the common cases itself.
import type * as z from 'zod/mini';
import { quoted } from './echo.ts';

type Issue = z.core.$ZodIssue;

export function issuePath(issue: Issue): string {
  return issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

const MAX_KEYS_SHOWN = 5;

export function issueMessage(issue: Issue, value?: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = issue.expected === 'int' ? 'an integer' : issue.expected;
      if (value === undefined) return `is missing (expected ${expected})`;
      // 1e400 is valid JSON that JSON.parse reads as Infinity: "expected number, got number" helps no one.
      if (typeof value === 'number' && !Number.isFinite(value))
        return `is a number too large to be represented (expected ${expected})`;
      const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
      return `expected ${expected}, got ${got}`;
    }
    case 'unrecognized_keys': {
      const shown = issue.keys.slice(0, MAX_KEYS_SHOWN).map((k) => quoted(k));
      const more = issue.keys.length > shown.length ? ` and ${issue.keys.length - shown.length} more` : '';
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${shown.join(', ')}${more}`;
    }
    case 'too_small':
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}`;
    case 'too_big':
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      return 'has the wrong type';
    default:
      return issue.message;
  }
}

/** The value at an issue's path, to say what was received. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
