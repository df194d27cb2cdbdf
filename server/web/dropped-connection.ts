// A request to a real portal whose connection dropped before any answer came: most often a
// kept-alive connection that the portal closed at the moment it was reused. For a request that
// may be sent twice (a read), asking once more on a new connection is safe.

function droppedBeforeAnswer(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause instanceof Error && 'code' in cause ? cause.code : undefined;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

/** `ask()`, and once more if its connection dropped before an answer. Only for reads. */
export async function askAgainIfDropped<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (droppedBeforeAnswer(error)) return ask();
    throw error;
  }
}
