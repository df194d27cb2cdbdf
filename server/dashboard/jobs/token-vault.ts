// The portal token of a job, sealed for the store: a job must go on writing after its replica
// was killed or died, with no one there to send the token again, so a replica that takes it
// over needs it. Never in clear: AES-256-GCM with the server's key, the job's id as associated
// data (a sealed token copied onto another job does not open), erased when the job ends.
// The key: DASHBOARD_SECRET_KEY (64 hex digits, the same on every replica), else a key file
// made once, 0600, beside the SQLite store (docs/architecture.md, "Job tokens").
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../db/private-file.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TokenVault {
  /** Names the key without revealing it: which replicas can open a job's token. */
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The job token key must be 32 bytes (64 hex digits).');
    this.keyId = createHash('sha256').update('job-token-key').update(key).digest('hex').slice(0, 16);
  }

  seal(token: string, jobId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(jobId));
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  /** The token, or undefined when it does not open with this key (another key, or tampered with). */
  open(sealed: string, jobId: string): string | undefined {
    try {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(jobId));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

/** DASHBOARD_SECRET_KEY as 32 bytes; throws on a value that is not 64 hex digits (never echoing it). */
export function keyFromEnv(value: string): Buffer {
  const hex = value.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new Error('DASHBOARD_SECRET_KEY must be 64 hexadecimal digits (32 bytes), e.g. from `openssl rand -hex 32`.');
  return Buffer.from(hex, 'hex');
}

/**
 * The key in `file`, made (32 random bytes as hex, mode 0600, its folder 0700) when missing. Two
 * processes starting together: the one that loses the race to create it reads the other's.
 */
export function keyFromFile(file: string): Buffer {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    const fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
    try {
      writeSync(fd, randomBytes(32).toString('hex'));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (let attempt = 0; ; attempt += 1) {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length === 64 || attempt > 50) return keyFromEnv(text);
    // Created by another process that has not written it yet.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
}
