// Single sign-on with an OpenID provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET): the
// authorization code flow with PKCE, state and nonce (openid-client). What the browser carries
// between start and callback (state, nonce, verifier) is sealed in a short-lived cookie, so any
// replica can finish the flow. An account is matched by its e-mail, only when the provider says
// it is verified; nobody is created by a sign-on.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as client from 'openid-client';
import { AccountError } from './accounts-http.ts';
import type { SecretBox } from './secret-box.ts';

const FLOW_COOKIE = 'lp_oidc';
const FLOW_MS = 10 * 60_000;
export const CALLBACK_PATH = '/dashboard-api/auth/oidc/callback';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's "Sign in with <name>" (OIDC_NAME, default the issuer's host). */
  name: string;
}

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  at: number;
}

const refused = (why: string) => new AccountError(401, 'sso_refused', `The single sign-on did not sign you in: ${why}`);

export class Oidc {
  private config: Promise<client.Configuration> | undefined;

  constructor(
    readonly settings: OidcSettings,
    private readonly box: SecretBox,
    private readonly publicUrl: string,
    private readonly now: () => number,
  ) {}

  /** Discovery once; again after a failure. A provider on plain HTTP is accepted only on a loopback address (tests). */
  private configuration(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    const local = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    this.config ??= client
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
        execute: local ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.config = undefined;
        throw error;
      });
    return this.config;
  }

  /** The provider's authorization address; the flow's secrets sealed in a cookie. */
  async start(c: Context, secure: boolean): Promise<string> {
    const flow: Flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      at: this.now(),
    };
    setCookie(c, FLOW_COOKIE, this.box.seal(JSON.stringify(flow), FLOW_COOKIE), {
      httpOnly: true,
      sameSite: 'Lax',
      path: CALLBACK_PATH,
      secure,
      maxAge: FLOW_MS / 1000,
    });
    const url = client.buildAuthorizationUrl(await this.configuration(), {
      redirect_uri: this.publicUrl + CALLBACK_PATH,
      scope: 'openid email profile',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /** The verified e-mail of the person the provider sent back. */
  async finish(c: Context): Promise<string> {
    const sealed = getCookie(c, FLOW_COOKIE);
    deleteCookie(c, FLOW_COOKIE, { path: CALLBACK_PATH });
    const opened = sealed ? this.box.open(sealed, FLOW_COOKIE) : undefined;
    const flow = opened ? (JSON.parse(opened) as Flow) : undefined;
    if (!flow || this.now() - flow.at > FLOW_MS) throw refused('the sign-on took too long or was not started here.');
    const query = new URL(c.req.url).search;
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(
        await this.configuration(),
        new URL(this.publicUrl + CALLBACK_PATH + query),
        {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
      );
      claims = tokens.claims();
    } catch (error) {
      console.error(`accounts: single sign-on refused: ${error instanceof Error ? error.message : String(error)}`);
      throw refused('the provider’s answer did not check out.');
    }
    const email = typeof claims?.email === 'string' ? claims.email : undefined;
    if (!email || claims?.email_verified !== true) throw refused('the provider did not give a verified e-mail.');
    return email;
  }
}
