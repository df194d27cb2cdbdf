// The address failed attempts are counted against: the TCP peer of the connection
// (@hono/node-server's connection info). X-Forwarded-For is not trusted: any client can write it.
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIPv6 } from 'node:net';
import type { Context } from 'hono';

/** Requests without a socket (in-process calls, e.g. tests through app.request) share this key. */
const UNKNOWN_ADDRESS = 'unknown';

export function clientAddress(c: Context): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // No Node request behind this context: nothing to read the address from.
  }
  return address ? addressKey(address) : UNKNOWN_ADDRESS;
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
