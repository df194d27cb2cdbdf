// The portal origins a built dashboard calls directly, for the CSP's connect-src: the
// `portal-api-url` meta tag of dist/index.html (editable after the build) and VITE_PORTAL_API_URL
// (baked in at build time). Relative values (`/api`) are this server's own origin.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function metaPortalUrl(html: string): string | undefined {
  const tag = /<meta\s+[^>]*name=["']portal-api-url["'][^>]*>/i.exec(html)?.[0];
  const content = tag && /content=["']([^"']*)["']/i.exec(tag)?.[1]?.trim();
  return content || undefined;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined; // relative: same origin
  }
}

export function directPortalOrigins(distDir: string, env: { VITE_PORTAL_API_URL?: string }): string[] {
  let html = '';
  try {
    html = readFileSync(join(distDir, 'index.html'), 'utf8');
  } catch {
    // No build yet: nothing to allow beyond 'self'.
  }
  const origins = [originOf(metaPortalUrl(html)), originOf(env.VITE_PORTAL_API_URL)];
  return [...new Set(origins.filter((origin): origin is string => origin !== undefined))];
}
