// Every request of the production server is checked on its request target as it came on the
// wire, before any URL parsing: the URL parser resolves `.` and `..` segments, encoded ones
// (`%2e%2e`) included, so a check after it (or a router) sees a path the client did not send.
// Refused with 400 invalid_path, nothing served and nothing forwarded: a `.` or `..` segment in any
// encoding (`%2e`, `%2E`, `..%2f`, double-encoded `%252e`), a backslash (a separator for some
// servers, raw or `%5c`), a NUL, or broken percent-encoding.
import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../portal/errors.ts';
import { nodeRequest } from '../portal/node-http.ts';

/** The path of a request target (origin-form `/a?b`, or absolute-form `http://host/a`), still encoded. */
export function targetPath(target: string): string {
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}

/** Replaces every `%XX` by its byte: never fails, and the ASCII it yields is exact. */
const decodeBytes = (path: string) =>
  path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** What is wrong with a still-encoded path; undefined when it may be served or forwarded. */
export function unsafePathProblem(rawPath: string): string | undefined {
  // Most paths: letters, digits and separators only, with no dot next to a slash or an end.
  if (/^[\w/-]*$/.test(rawPath) || (/^[\w./-]*$/.test(rawPath) && !/(^|\/)\.\.?(\/|$)/.test(rawPath))) return undefined;
  try {
    decodeURIComponent(rawPath);
  } catch {
    return 'is not valid percent-encoding';
  }
  // Decoded again and again until nothing changes (each round is shorter): `%252e` is a `.` to a
  // server that decodes twice, and a portal behind the proxy may.
  const forms = [rawPath];
  for (let form = decodeBytes(rawPath); form !== forms.at(-1); form = decodeBytes(form)) forms.push(form);
  for (const form of forms) {
    if (form.includes('\\')) return 'has a backslash';
    if (form.includes('\0')) return 'has a NUL character';
    if (form.split('/').some((segment) => segment === '.' || segment === '..')) return 'has a "." or ".." segment';
  }
  return undefined;
}

/** First middleware of the production server (and of the portal proxy, mounted alone in tests). */
export const refuseUnsafePaths: MiddlewareHandler = async (c, next) => {
  // Node's raw target; in-process (tests' app.request) only the parsed URL exists.
  const problem = unsafePathProblem(targetPath(nodeRequest(c)?.url ?? c.req.url));
  if (problem)
    return c.json(
      errorBody('invalid_path', `The request path ${problem} once decoded: nothing is served or forwarded for it.`),
      400,
    );
  await next();
};
