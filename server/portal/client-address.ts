// Who the client is, for the failed-attempt limit and for HSTS: the TCP peer of the connection
// (@hono/node-server's connection info), or, behind `trustedHops` reverse proxies (TRUST_PROXY),
// what the outermost of them saw. X-Forwarded-For and X-Forwarded-Proto are read only then: any
// client can write them, so only the entries the trusted proxies appended are believed.
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIP, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { requestHeader } from './node-http.ts';

/** Requests without a socket (in-process calls, e.g. tests through app.request) share this key. */
const UNKNOWN_ADDRESS = 'unknown';

/** The comma-separated entries of a forwarding header, the nearest hop's last. */
function forwardedList(c: Context, name: 'x-forwarded-for' | 'x-forwarded-proto'): string[] {
  const value = requestHeader(c, name);
  return value ? value.split(',').map((entry) => entry.trim()) : [];
}

export function clientAddress(c: Context, trustedHops = 0): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // No Node request behind this context: nothing to read the address from.
  }
  if (!address) return UNKNOWN_ADDRESS;
  // Each trusted proxy appended the address it saw: walk back one entry per trusted hop, and stop
  // at anything that is not an address (the hop that wrote it is then the client we can name).
  const forwarded = trustedHops > 0 ? forwardedList(c, 'x-forwarded-for') : [];
  for (let hop = 0; hop < trustedHops; hop++) {
    const entry = forwarded.pop();
    if (!entry || !isIP(entry)) break;
    address = entry;
  }
  return addressKey(address);
}

/**
 * Whether the client's request came over HTTPS, as the outermost trusted proxy says
 * (X-Forwarded-Proto); false without trusted proxies, since this server itself speaks plain HTTP.
 */
export function cameOverHttps(c: Context, trustedHops: number): boolean {
  if (trustedHops <= 0) return false;
  const protos = forwardedList(c, 'x-forwarded-proto');
  // A proxy that sets the header (rather than appending) leaves one entry: it is the outermost seen.
  const outermost = protos[Math.max(0, protos.length - trustedHops)];
  return outermost?.toLowerCase() === 'https';
}

/**
 * IPv4 as is (also when IPv4-mapped, `::ffff:192.0.2.1`); IPv6 by its /64 network, since one
 * host usually holds a whole /64 and could otherwise change address at every attempt.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
