// Where the portal lives and who we are. Set once at start-up by the app; the client reads it
// on every call so a sign-in or sign-out takes effect at once.

interface ApiConfig {
  /** Prefix of every path: `/api` behind our own server, or a portal's URL for direct calls. */
  baseUrl: string;
  /**
   * Prefix of the dashboard server's own API (directory, history, shared caches). Absent when the
   * dashboard is hosted statically: `GET status` then answers HTML, and those features say so.
   */
  dashboardBaseUrl: string;
  getToken: () => string | null;
  timeoutMs: number;
  /**
   * Called when the portal answers 401 to a request made with the signed-in token (not to one
   * checking a token given explicitly, as the login form does): the app raises "session expired".
   */
  onUnauthorized: () => void;
  /**
   * Signed in to an account of the dashboard server (accounts mode): requests carry its session
   * cookie instead of a token, and writes this token as `X-CSRF-Token`. Null in token mode.
   */
  csrfToken: string | null;
}

export const apiConfig: ApiConfig = {
  baseUrl: '/api',
  dashboardBaseUrl: '/dashboard-api',
  getToken: () => null,
  timeoutMs: 15_000,
  onUnauthorized: () => {},
  csrfToken: null,
};

export function configureApi(config: Partial<ApiConfig>): void {
  Object.assign(apiConfig, config);
}
