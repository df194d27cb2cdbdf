// A 401 from any request raises one "session expired" signal, however many requests failed;
// signing in again raises "renewed" so that pages that failed on the 401 try again.
type Listener = () => void;
const expiredListeners = new Set<Listener>();
const renewedListeners = new Set<Listener>();

function subscribe(listeners: Set<Listener>, listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionExpired(): void {
  for (const listener of expiredListeners) listener();
}

export function onSessionExpired(listener: Listener): () => void {
  return subscribe(expiredListeners, listener);
}

export function notifySessionRenewed(): void {
  for (const listener of renewedListeners) listener();
}

export function onSessionRenewed(listener: Listener): () => void {
  return subscribe(renewedListeners, listener);
}
