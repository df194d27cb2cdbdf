const MAX_REPORTED = 20;

/** One Error for every problem of a fixture; the first names its record and field. */
export function fixtureError(problems: string[]): Error {
  const shown = problems.slice(0, MAX_REPORTED);
  const more = problems.length > shown.length ? `; ... and ${problems.length - shown.length} more` : '';
  return new Error(`Invalid fixture, nothing was loaded: ${shown.join('; ')}${more}`);
}
