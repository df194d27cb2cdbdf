// Where the portal lives and who we are. Set once at start-up by the app; the client reads it
// on every call so a sign-in or sign-out takes effect at once.

export interface ApiConfig {
  /** Prefix of every path: `/api` behind our own server, or a portal's URL for direct calls. */
  baseUrl: string;
  getToken: () => string | null;
  timeoutMs: number;
}

export const apiConfig: ApiConfig = {
  baseUrl: '/api',
  getToken: () => null,
  timeoutMs: 15_000,
};

export function configureApi(config: Partial<ApiConfig>): void {
  Object.assign(apiConfig, config);
}
