// The organisation's portal API key, sealed for the store: AES-256-GCM under a key derived from
// DASHBOARD_SECRET with HKDF-SHA-256, the organisation's id as associated data (a sealed key
// copied onto another organisation's row does not open). Never logged, never in clear at rest.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const MIN_SECRET_LENGTH = 32;

export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < MIN_SECRET_LENGTH)
      throw new Error(`DASHBOARD_SECRET must be ${MIN_SECRET_LENGTH} characters or more.`);
    // A fixed salt and a purpose label: the same secret gives this key and no other key of the server.
    this.key = Buffer.from(hkdfSync('sha256', secret, 'learning-portal-dashboard', 'accounts: portal api keys', 32));
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  /** The plain text, or undefined when it does not open (another secret, another context, tampered with). */
  open(sealed: string, context: string): string | undefined {
    try {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
