// TRUST_PROXY: how many reverse proxies stand between the clients and this server. Their
// X-Forwarded-For names the client whose failed attempts count, and their X-Forwarded-Proto says
// whether it came over HTTPS (HSTS). Off by default: then both headers are ignored, since any
// client can write them, and the client is the connection's peer.
import { FailedAttempts } from '../portal/failed-attempts.ts';

export function trustedProxyHops(value: string | undefined): number {
  const setting = value?.trim().toLowerCase() ?? '';
  if (setting === '' || setting === 'off') return 0;
  const hops = Number(setting);
  if (!/^\d+$/.test(setting) || !Number.isSafeInteger(hops) || hops > 10)
    throw new Error(`TRUST_PROXY must be off or the number of reverse proxies in front (0 to 10), not "${value}".`);
  return hops;
}

/** The production server's one failed-attempt limit (20 a minute per client), for /api and /dashboard-api. */
export function serverFailedAttempts(trustedHops: number): FailedAttempts {
  return new FailedAttempts({ limit: 20, windowSeconds: 60, trustedHops });
}
