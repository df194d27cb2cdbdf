// A clean stop, for the SIGTERM of a service manager and the SIGINT of Ctrl-C: stop accepting
// connections, let the requests in flight finish, then close what is left.
import type { Server } from 'node:http';

export const GRACE_MS = 10_000;

/**
 * Resolves once every connection is closed: idle ones at once, busy ones as soon as their answer
 * is sent, and all of them after `graceMs` whatever they are doing.
 */
export function drain(server: Server, graceMs = GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    // Node leaves a keep-alive connection open after its last answer until the keep-alive timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** An AbortSignal that SIGTERM or SIGINT aborts; once listening, a signal no longer kills the process. */
export function stopSignal(): AbortSignal {
  const controller = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => controller.abort());
  return controller.signal;
}

/** Runs `stop` once, when the signal is aborted (at once if it already is). */
export function onAbort(signal: AbortSignal, stop: () => void): void {
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
}
