// The embedded portal is a demo server: plain HTTP, demo data, a token printed on the console.
// Listening on anything but the loopback interface makes it reachable from other machines.
import { isIP } from 'node:net';

/** Whether `host` is a loopback name or address (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === '::1') return true;
  const mapped = h.replace(/^::ffff:/, '');
  return isIP(mapped) === 4 && mapped.startsWith('127.');
}

/**
 * The warning to print when the embedded portal listens on `host` (`npm run portal`,
 * `npm start` without PORTAL_API_URL), or undefined on a loopback host.
 */
export function exposedPortalWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return [
    `Warning: the embedded demo portal listens on ${host}, so other machines can reach it.`,
    '  It serves plain HTTP (tokens and API keys cross the network unencrypted) and holds demo data.',
    '  Listen on 127.0.0.1 unless you mean it; put it behind HTTPS if others must reach it.',
  ].join('\n');
}
