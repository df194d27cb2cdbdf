import { paths } from '#lib/paths.ts';

/** Where to go after signing in: the page the user asked for (router state `from`), same site only. */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  // Only paths of this site: never bounce a user to another origin (`//host`, `/\host`).
  const safe = typeof from === 'string' && /^\/(?![/\\])/.test(from) && !/^\/login(?:[/?#]|$)/.test(from);
  return safe ? from : paths.home();
}
