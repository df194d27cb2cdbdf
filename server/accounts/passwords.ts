// Passwords: scrypt (N=2^15, r=8, p=1, 16-byte salt), compared in constant time; the rules of a
// new password (12 to 256 characters, not among the 10,000 most common ones).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import dumbPasswords from 'dumb-passwords';

const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
// scrypt needs 128·N·r bytes (32 MiB here); node's default cap is exactly that, too tight.
const OPTIONS: ScryptOptions = { ...PARAMS, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

export type WeakReason = 'too_short' | 'too_long' | 'too_common';

/** Why a new password is refused, or undefined. Length in characters (code points). */
export function weakPassword(password: string): WeakReason | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'too_short';
  if (length > MAX_PASSWORD_LENGTH) return 'too_long';
  return dumbPasswords.check(password) ? 'too_common' : undefined;
}

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, OPTIONS, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

// Checked when there is no account (or no password yet): the same work, so the answer takes the same time.
const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_BYTES).toString('base64')}`;

/** Whether `password` matches `stored`; with no `stored`, a dummy check of the same cost that fails. */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = (stored ?? DUMMY_HASH).split('$');
  if (kind !== 'scrypt' || !salt || !hash || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p)
    return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'));
  return timingSafeEqual(actual, expected) && stored !== null && stored !== undefined;
}
