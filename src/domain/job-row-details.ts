// The `details` the dashboard server writes on a job's row, in English (the API's own words, read
// by scripts and kept in the results file), and what a page reads back from them to say the same
// in its own language. Written side by side so that a change of wording cannot break the reading:
// the page never shows the server's sentence itself, only the code and the value it carries.

export const duplicateDetails = (line: number) => `The same person and group as line ${line}.`;
export const suggestionDetails = (identifier: string) => `Did you mean ${identifier}?`;

/** The line a duplicate repeats, from its details; null when they do not say. */
export function duplicateLineOf(details: string | null): number | null {
  const line = /^The same person and group as line (\d+)\.$/.exec(details ?? '')?.[1];
  return line === undefined ? null : Number(line);
}

/** The identifier a row not found was probably meant to be, from its details; null when none. */
export function suggestionOf(details: string | null): string | null {
  return /^Did you mean (.+)\?$/.exec(details ?? '')?.[1] ?? null;
}
