import { RetryLater } from '../outbox/outbox.service.js';

/** A Discord answer that is not a success (other than a 429 it waited out). */
export class DiscordError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface DiscordTokens {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  token_type?: string;
}

export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
}

export interface DiscordClientOptions {
  /** DISCORD_API_BASE_URL: https://discord.com/api/v10, or the fake in tests. */
  baseUrl: string;
  clientId?: string;
  clientSecret?: string;
  botToken?: string;
  /** The longest 429 wait done in place; a longer one is left to the caller (RetryLater). */
  maxWaitMs?: number;
  /** Tries per call, the 429 waits included. */
  tries?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The one client for Discord's API: the OAuth2 code exchange, the linked user, adding a member to
 * the guild (guilds.join) and giving a role, and executing a webhook. A 429 is waited out for its
 * `retry_after` (seconds, in the body or the Retry-After header) when short, and otherwise thrown
 * as RetryLater so the outbox tries again then.
 */
export class DiscordClient {
  private readonly baseUrl: string;

  constructor(private readonly opts: DiscordClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
  }

  /** Whether linking can work: the application's id and secret are set. */
  get canLink(): boolean {
    return Boolean(this.opts.clientId && this.opts.clientSecret);
  }

  /** Discord's authorize page for this application. */
  authorizeUrl(redirectUri: string, state: string): string {
    const url = new URL('https://discord.com/oauth2/authorize');
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.opts.clientId ?? '',
      scope: 'identify guilds.join',
      redirect_uri: redirectUri,
      state,
      prompt: 'consent',
    }).toString();
    return url.toString();
  }

  exchangeCode(code: string, redirectUri: string): Promise<DiscordTokens> {
    return this.call<DiscordTokens>(`${this.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.opts.clientId ?? '',
        client_secret: this.opts.clientSecret ?? '',
      }).toString(),
    });
  }

  currentUser(accessToken: string): Promise<DiscordUser> {
    return this.call<DiscordUser>(`${this.baseUrl}/users/@me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
  }

  /** Adds the user to the guild with the roles (guilds.join); nothing changes if already a member. */
  async addGuildMember(
    guildId: string,
    userId: string,
    accessToken: string,
    roles: string[],
  ): Promise<'added' | 'already-member'> {
    const status = await this.callStatus(`${this.guildPath(guildId)}/members/${enc(userId)}`, {
      method: 'PUT',
      headers: { ...this.bot(), 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: accessToken, ...(roles.length ? { roles } : {}) }),
    });
    return status === 201 ? 'added' : 'already-member';
  }

  async addMemberRole(guildId: string, userId: string, roleId: string): Promise<void> {
    await this.callStatus(
      `${this.guildPath(guildId)}/members/${enc(userId)}/roles/${enc(roleId)}`,
      {
        method: 'PUT',
        headers: this.bot(),
      },
    );
  }

  /** Posts a message (embeds) through a webhook URL. */
  async executeWebhook(webhookUrl: string, body: unknown): Promise<void> {
    await this.callStatus(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  private guildPath(guildId: string) {
    return `${this.baseUrl}/guilds/${enc(guildId)}`;
  }

  private bot() {
    return { authorization: `Bot ${this.opts.botToken ?? ''}` };
  }

  private async call<T>(url: string, init: RequestInit): Promise<T> {
    const res = await this.send(url, init);
    return (await res.json()) as T;
  }

  private async callStatus(url: string, init: RequestInit): Promise<number> {
    const res = await this.send(url, init);
    await res.body?.cancel();
    return res.status;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const tries = this.opts.tries ?? 3;
    const maxWaitMs = this.opts.maxWaitMs ?? 5_000;
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      if (res.ok) return res;
      const path = new URL(url).pathname.replace(/\/webhooks\/(\d+)\/[^/]+/, '/webhooks/$1/…');
      if (res.status === 429) {
        const waitMs = await retryAfterMs(res);
        if (attempt < tries && waitMs <= maxWaitMs) {
          await sleep(waitMs);
          continue;
        }
        throw new RetryLater(`Discord rate limited ${path} for ${waitMs} ms`, waitMs);
      }
      await res.body?.cancel();
      throw new DiscordError(res.status, `Discord answered ${res.status} for ${path}`);
    }
  }
}

const enc = encodeURIComponent;

/** Discord's wait after a 429: `retry_after` seconds in the JSON body, else the Retry-After header. */
async function retryAfterMs(res: Response): Promise<number> {
  const body = (await res.json().catch(() => null)) as { retry_after?: unknown } | null;
  const seconds =
    typeof body?.retry_after === 'number'
      ? body.retry_after
      : Number(res.headers.get('retry-after') ?? 1);
  return Math.max(0, Math.ceil((Number.isFinite(seconds) ? seconds : 1) * 1000));
}
