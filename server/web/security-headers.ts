// Security headers on every response of the production server: the page runs only its own
// scripts and styles, cannot be framed, and sends no referrer to product links.
import type { MiddlewareHandler } from 'hono';

export function securityHeaders({ portalOrigin }: { portalOrigin?: string } = {}): MiddlewareHandler {
  const connect = ["'self'", portalOrigin].filter(Boolean).join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // Product images are absolute URLs on the portal's storage.
    "img-src 'self' https: data:",
    `connect-src ${connect}`,
    "font-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  };
}
