// A cookie that tells the production server "this browser has signed in", never who or with what
// (the token stays in web storage, token-storage.ts). With it, the server names the page's code in
// the page's HTML so that it loads with the entry (server/web/route-preloads.ts); without it, a
// first visit moves only what the login page needs. Set while the signed-in shell is shown.

export const SIGNED_IN_HINT = 'lp-signed-in';

/** Thirty days for a token kept on this device; until the browser closes otherwise. */
const REMEMBERED_SECONDS = 30 * 24 * 3600;

export function setSignedInHint(remembered: boolean): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = remembered ? `; Max-Age=${REMEMBERED_SECONDS}` : '';
  document.cookie = `${SIGNED_IN_HINT}=1; Path=/; SameSite=Strict${lifetime}${secure}`;
}

export function clearSignedInHint(): void {
  document.cookie = `${SIGNED_IN_HINT}=; Path=/; SameSite=Strict; Max-Age=0`;
}
