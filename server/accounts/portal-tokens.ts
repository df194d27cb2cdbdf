// The portal tokens of accounts mode: the server asks the portal for a token with the
// organisation's API key (POST /token, the key opened from the store only for that request),
// keeps it in memory, and asks for a new one before it expires or once the portal refused it.
import * as z from 'zod/mini';
import { tokenValidateReadSchema } from '#schemas/token.ts';
import type { PortalCall } from '../dashboard/portal-gateway.ts';
import type { AccountStore } from './account-store.ts';
import type { SecretBox } from './secret-box.ts';

/** A token this close to its end is renewed rather than used. */
const RENEW_BEFORE_MS = 5 * 60_000;
/** When the portal's expiry date cannot be read: renewed after this. */
const UNKNOWN_LIFETIME_MS = 60 * 60_000;

const tokenAnswer = z.object({
  status: z.literal(true),
  result: z.object({ token: z.string(), expired_date: z.optional(z.string()) }),
});

export class PortalKeyError extends Error {}

/** Asks the portal for a token with this API key; PortalKeyError when it refuses the key. */
export async function tokenFromKey(call: PortalCall, apiKey: string): Promise<{ token: string; expiresAt: number }> {
  const response = await call('/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ apikey: apiKey }),
  });
  if (!response.ok)
    throw new PortalKeyError(
      response.status === 401
        ? 'The portal does not know this API key.'
        : `The portal answered POST /token with HTTP ${response.status}.`,
    );
  const parsed = z.safeParse(tokenAnswer, await response.json().catch(() => null));
  if (!parsed.success) throw new PortalKeyError('The portal answered POST /token with something else than a token.');
  const expires = Date.parse(parsed.data.result.expired_date ?? '');
  return {
    token: parsed.data.result.token,
    expiresAt: Number.isFinite(expires) ? expires : Date.now() + UNKNOWN_LIFETIME_MS,
  };
}

/** The organisation of a token (GET /token/validate). */
export async function orgOfToken(call: PortalCall, token: string): Promise<number> {
  const response = await call('/token/validate', { headers: { authorization: token, accept: 'application/json' } });
  const parsed = z.safeParse(tokenValidateReadSchema, await response.json().catch(() => null));
  if (!response.ok || !parsed.success)
    throw new PortalKeyError(`The portal did not validate its own token (HTTP ${response.status}).`);
  return parsed.data.user_data.org_id;
}

export class PortalTokens {
  private readonly tokens = new Map<number, Promise<{ token: string; expiresAt: number }>>();

  constructor(
    private readonly store: AccountStore,
    private readonly box: SecretBox,
    private readonly call: PortalCall,
    private readonly now: () => number = Date.now,
  ) {}

  /** The organisation's portal token, asked for once and shared by the requests waiting for it. */
  async tokenOf(orgId: number): Promise<string> {
    let pending = this.tokens.get(orgId);
    if (pending) {
      const held = await pending.catch(() => undefined);
      if (held && held.expiresAt - RENEW_BEFORE_MS > this.now()) return held.token;
      // Another request may have started the renewal meanwhile.
      if (this.tokens.get(orgId) === pending) this.tokens.delete(orgId);
      pending = this.tokens.get(orgId);
    }
    if (!pending) {
      pending = this.ask(orgId);
      this.tokens.set(orgId, pending);
      // A failure is not kept: the next request asks again.
      pending.catch(() => this.tokens.get(orgId) === pending && this.tokens.delete(orgId));
    }
    return (await pending).token;
  }

  /** The portal refused this token (401): the next request asks for a new one. */
  refused(orgId: number, token: string): void {
    const pending = this.tokens.get(orgId);
    void pending?.then(
      (held) => held.token === token && this.tokens.get(orgId) === pending && this.tokens.delete(orgId),
      () => undefined,
    );
  }

  private async ask(orgId: number) {
    const sealed = await this.store.sealedKey(orgId);
    const apiKey = sealed === undefined ? undefined : this.box.open(sealed, String(orgId));
    if (apiKey === undefined)
      throw new PortalKeyError(
        `Organisation ${orgId} has no API key this server can open: run \`npm run accounts -- organisation add\` with this DASHBOARD_SECRET.`,
      );
    return tokenFromKey(this.call, apiKey);
  }
}
