// `/api/*` forwarded to a real portal (PORTAL_API_URL). Only what the API needs crosses:
// method, path, query, body, Authorization, Content-Type and Accept; back come the status, the
// body, Content-Type and Retry-After. No cookies, no other headers.
// Refused without asking the portal: a method the API does not use (405) and a path that could
// climb out of the API on the portal's side once decoded (400, raw-path.ts). A read whose
// connection to the portal drops before an answer is asked once more; the browser gets 502 only
// if that fails too.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from '../portal/errors.ts';
import { MAX_BODY_BYTES, tooLarge } from '../portal/request-body.ts';
import { askAgainIfDropped } from './dropped-connection.ts';
import { refuseUnsafePaths } from './raw-path.ts';

const forwardedRequestHeaders = ['authorization', 'content-type', 'accept'];
// Retry-After: the dashboard tells how long to wait after the portal's 429.
const forwardedResponseHeaders = ['content-type', 'retry-after'];
/** The methods of the API's routes (HEAD is a GET without the body). */
const allowedMethods = ['GET', 'HEAD', 'POST'];
/** The API's reads by POST (a list's page and criteria in the body): asking twice changes nothing. */
const readsByPost = /\/get_all(_for_[a-z]+)?(\/|$)|^\/user\/grp\//;

/** Mount with `app.route(prefix, createPortalProxy(url, prefix))`. */
export function createPortalProxy(portalUrl: string, prefix: string, timeoutMs = 30_000): Hono {
  const base = portalUrl.replace(/\/+$/, '');
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!allowedMethods.includes(c.req.method)) {
      c.header('Allow', allowedMethods.join(', '));
      return c.json(
        errorBody('method_not_allowed', `The portal API has no ${c.req.method} requests: use GET or POST.`),
        405,
      );
    }
    await next();
  });
  // Checked on the request target as it came (new URL() resolves `..` and `%2e%2e` segments).
  app.use('*', refuseUnsafePaths);
  // The embedded portal's limit: the proxy never buffers more than 1 MiB of anyone's body.
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody('payload_too_large', tooLarge().message), 413),
    }),
  );
  app.all('*', async (c) => {
    // The raw, still-encoded path: an identifier's %2F or %25 must reach the portal unchanged.
    const url = new URL(c.req.url);
    const path = url.pathname.slice(prefix.length);
    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const body = hasBody ? await c.req.arrayBuffer() : undefined;
    const read = !hasBody || readsByPost.test(path);
    const signal = AbortSignal.timeout(timeoutMs);
    const ask = () =>
      fetch(base + path + url.search, { method: c.req.method, headers, body, redirect: 'manual', signal });
    try {
      // A read whose connection dropped is asked once more; a write never (the portal may have done it).
      const upstream = await (read ? askAgainIfDropped(ask) : ask());
      const responseHeaders = new Headers();
      for (const name of forwardedResponseHeaders) {
        const value = upstream.headers.get(name);
        if (value) responseHeaders.set(name, value);
      }
      return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers: responseHeaders });
    } catch (error) {
      // Why, for the operator (the path's parameters may be identifiers: only the route's start).
      const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause : error) : undefined;
      console.error(
        `portal proxy: ${c.req.method} ${path.split('/').slice(0, 3).join('/')}: ${cause?.message ?? String(error)}`,
      );
      // The portal's error body (docs/portal-api.md), so the dashboard shows it like any portal error.
      return c.json(errorBody('portal_unreachable', 'The portal did not answer. Try again in a moment.'), 502);
    }
  });
  return app;
}
