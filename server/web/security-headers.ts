// Security headers on every response of the production server: the page runs only its own
// scripts and styles, cannot be framed, and sends no referrer to product links.
import type { MiddlewareHandler } from 'hono';

export interface SecurityOptions {
  /** Origins the page may call besides its own: a portal called directly (meta tag or VITE_PORTAL_API_URL). */
  connectOrigins?: readonly string[];
}

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
  const csp = contentSecurityPolicy(options);
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  };
}
