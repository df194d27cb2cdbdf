// Times in the store: ISO 8601 UTC strings, which sort as text on both SQLite and PostgreSQL.
export const isoTime = (ms: number = Date.now()): string => new Date(ms).toISOString();
