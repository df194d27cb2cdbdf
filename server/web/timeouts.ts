// The production server's HTTP timeouts. Node's own defaults let a client take a minute to send
// its headers and five to send its body, each connection holding memory meanwhile.
import type { ServerOptions } from 'node:http';

export const serverTimeouts = {
  /** Every request header within 10 s: a client that trickles them (slowloris) gets 408 and is cut off. */
  headersTimeout: 10_000,
  /** The whole request, body included (1 MiB at most), within 30 s. */
  requestTimeout: 30_000,
  /**
   * An idle keep-alive connection stays open 65 s: longer than the 60 s idle timeout of common load
   * balancers and reverse proxies, so that they never send a request on a connection being closed.
   */
  keepAliveTimeout: 65_000,
  /** How often Node enforces the two limits above (its default, 30 s, would stretch them by as much). */
  connectionsCheckingInterval: 1_000,
} satisfies ServerOptions;
