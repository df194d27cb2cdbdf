// Security headers on every response of the production server: the page runs only its own
// scripts and styles, cannot be framed, and sends no referrer to product links.
import type { MiddlewareHandler } from 'hono';
import { cameOverHttps } from '../portal/client-address.ts';
import { presetResponseHeaders } from '../portal/node-http.ts';

interface SecurityOptions {
  /** Origins the page may call besides its own: a portal called directly (meta tag or VITE_PORTAL_API_URL). */
  connectOrigins?: readonly string[];
  /** Reverse proxies in front (TRUST_PROXY): HSTS when the outermost says the client came over HTTPS. */
  trustedHops?: number;
}

/** Only over HTTPS (a browser ignores it over HTTP), which this server knows only from a trusted proxy. */
const strictTransport = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const;

export function contentSecurityPolicy({ connectOrigins = [] }: SecurityOptions = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // Product images are absolute URLs on the portal's storage.
    "img-src 'self' https: data:",
    `connect-src ${["'self'", ...connectOrigins].join(' ')}`,
    "font-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(options: SecurityOptions = {}): MiddlewareHandler {
  const plain: readonly (readonly [string, string])[] = [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  const trustedHops = options.trustedHops ?? 0;
  const overHttps: readonly (readonly [string, string])[] = [...plain, strictTransport];
  return async (c, next) => {
    const headers = cameOverHttps(c, trustedHops) ? overHttps : plain;
    // On Node's response, which adds them to any answer it writes (the portal proxy's included):
    // the answers keep their plain header objects, without a fetch Headers object each.
    if (presetResponseHeaders(c, headers)) return next();
    // In-process (the tests' app.request): before the answer is built, so that c.json() and
    // c.body() build it with them. Set after, c.header() would rebuild the finished answer
    // around a stream (@hono/node-server's slow path).
    for (const [name, value] of headers) c.header(name, value);
    await next();
    // An answer built as a Response of its own (the portal proxy's) did not take them: set them
    // on its headers, which keeps it on the fast path too.
    if (!c.res.headers.has('Content-Security-Policy'))
      for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}
