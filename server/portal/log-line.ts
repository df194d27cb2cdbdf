// The request log line of the portal and of the production server: method, path, status and
// duration. The path is logged as it came, still percent-encoded, so that a decoded line
// break or control character can never forge a log line; the caller's token is masked should
// it appear in the path (pasted into a URL by mistake), and so is any segment shaped like a token
// this server issues (32 base64url characters). Personal values are masked too: the organisation
// identifier of a look-up (`/user/get_by_organisation_identifier/***`, an employee number or an
// e-mail address) and any segment holding an `@` (an e-mail address typed into a page's path).
// Ids (numbers the portal chose) stay, to follow a request. Headers and query strings are never logged.
import type { Context } from 'hono';
import { requestHeader } from './node-http.ts';

/** The path of a request URL, still encoded, without query string or fragment. */
function rawPath(url: string): string {
  const scheme = url.indexOf('://');
  const start = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
  if (start < 0) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end < 0 ? url.slice(start) : url.slice(start, start + end);
}

/** The shape of newTokenValue() in tokens.ts: 24 random bytes in base64url. */
const issuedTokenShape = /^[A-Za-z0-9_-]{32}$/;

function maskToken(path: string, authorization: string | undefined): string {
  let masked = path
    .split('/')
    .map((segment) => (issuedTokenShape.test(segment) ? '[token]' : segment))
    .join('/');
  const token = (authorization ?? '')
    .trim()
    .replace(/^bearer\s+/i, '')
    .trim();
  // Very short values would mask ordinary path text and protect nothing.
  if (token.length < 8) return masked;
  for (const form of new Set([token, encodeURIComponent(token), encodeURI(token)]))
    masked = masked.split(form).join('[token]');
  return masked;
}

/** The look-up by organisation identifier, at any mount (`/api`, the portal alone): all after it. */
const identifierLookup = /(\/user\/get_by_organisation_identifier\/).*$/;
const emailShaped = /@|%40/i;

function maskPersonal(path: string): string {
  return path
    .replace(identifierLookup, '$1***')
    .split('/')
    .map((segment) => (emailShaped.test(segment) ? '***' : segment))
    .join('/');
}

export function requestLogLine(c: Context, started: number): string {
  const path = maskPersonal(maskToken(rawPath(c.req.url), requestHeader(c, 'authorization')));
  return `${c.req.method} ${path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`;
}
