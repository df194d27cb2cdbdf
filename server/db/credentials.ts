// Tokens and API keys at rest: only their SHA-256 digest is stored, and a label that tells them
// apart without giving them away. Both are random enough (or chosen by the operator, e.g.
// PORTAL_TOKEN) that a plain digest is what is needed: nothing here is a password.
import { createHash } from 'node:crypto';

/** The stored form of a token or an API key: SHA-256 of its UTF-8 bytes, in hex. */
export function credentialDigest(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** What may be shown of an API key (GET /token/validate's user_data.apikey): its last 4 characters. */
export function apikeyLabel(apikey: string): string {
  return apikey.length >= 16 ? `…${apikey.slice(-4)}` : '…';
}
