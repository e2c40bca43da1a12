import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { imageUrl, type DiscordStatusResponse } from '@grail/contract';
import type { Db } from '../../db/client.js';
import { discordLinks, discordLinkStates } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { SealedBox } from '../../lib/sealed-box.js';
import { publicPull } from '../grail/grail.reads.js';
import { webhookHandler, type OutboxService } from '../outbox/outbox.service.js';
import type { DiscordClient } from './discord.client.js';
import { grailPullEmbed } from './embed.js';

/** How long a started link may take on Discord's side before its state is refused. */
export const LINK_STATE_TTL_MS = 10 * 60_000;
/** The outbox payload target of a grail pull's announcement (written by the pack purchase). */
export const GRAIL_PULL_TARGET = 'discord-grail-pull';

export interface DiscordOptions {
  publicUrl: string;
  appSecret: string;
  guildId?: string;
  collectorRoleId?: string;
  webhookUrl?: string;
  log?: FastifyBaseLogger;
}

/** The sealed-box purpose of the stored OAuth tokens: their own key, derived from APP_SECRET. */
export const DISCORD_TOKEN_PURPOSE = { salt: 'discord-oauth', info: 'discord tokens v1' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Discord for collectors: linking an account with OAuth2 (state bound to the session, single use,
 * ten minutes), which adds them to the guild with the Collector role; and the announcement of
 * grail pulls through the webhook, delivered by the outbox.
 */
export class DiscordService {
  private readonly box: SealedBox;

  constructor(
    private readonly db: Db,
    private readonly client: DiscordClient,
    private readonly opts: DiscordOptions,
  ) {
    this.box = new SealedBox(opts.appSecret, DISCORD_TOKEN_PURPOSE);
  }

  /** Where Discord sends the browser back: must be registered as the application's redirect. */
  get redirectUri(): string {
    return `${this.opts.publicUrl}/api/discord/callback`;
  }

  /** Makes the outbox's webhooks deliver grail pull announcements through the Discord client. */
  deliverAnnouncements(outbox: OutboxService): void {
    outbox.handle('webhook', {
      deliver: (payload) =>
        payload.target === GRAIL_PULL_TARGET
          ? this.announcePull(String(payload.pullId))
          : webhookHandler.deliver(payload),
    });
  }

  async status(userId: string): Promise<DiscordStatusResponse> {
    const [link] = await this.db.select().from(discordLinks).where(eq(discordLinks.userId, userId));
    return {
      available: this.client.canLink,
      linked: Boolean(link),
      username: link?.discordUsername ?? null,
      linkedAt: link?.linkedAt.toISOString() ?? null,
      serverUrl: this.opts.guildId
        ? `https://discord.com/channels/${encodeURIComponent(this.opts.guildId)}`
        : null,
    };
  }

  /** A fresh state for this session (only its hash is stored) and Discord's authorize URL. */
  async startLink(userId: string, sessionId: string): Promise<{ authorizeUrl: string }> {
    if (!this.client.canLink) throw conflict('Discord is not set up on this site yet.');
    const state = randomBytes(32).toString('base64url');
    await this.db.transaction(async (tx) => {
      await tx.delete(discordLinkStates).where(lt(discordLinkStates.expiresAt, new Date()));
      await tx.insert(discordLinkStates).values({
        stateHash: sha256(state),
        userId,
        sessionId,
        expiresAt: new Date(Date.now() + LINK_STATE_TTL_MS),
      });
    });
    return { authorizeUrl: this.client.authorizeUrl(this.redirectUri, state) };
  }

  /**
   * Discord's redirect: the state must be one this session started, unexpired; it is used up
   * either way. Then the code is exchanged, the tokens sealed and stored, and the collector added
   * to the guild with the Collector role. 'refused' links nothing.
   */
  async finishLink(
    userId: string,
    sessionId: string,
    query: { code?: string; state?: string; error?: string },
  ): Promise<'linked' | 'refused'> {
    if (!query.state) return 'refused';
    const [used] = await this.db
      .delete(discordLinkStates)
      .where(
        and(
          eq(discordLinkStates.stateHash, sha256(query.state)),
          eq(discordLinkStates.userId, userId),
          eq(discordLinkStates.sessionId, sessionId),
        ),
      )
      .returning();
    if (!used || used.expiresAt < new Date() || !query.code || query.error) return 'refused';

    const tokens = await this.client.exchangeCode(query.code, this.redirectUri);
    const me = await this.client.currentUser(tokens.access_token);
    const sealed = {
      discordUserId: me.id,
      discordUsername: me.global_name || me.username,
      accessTokenEnc: this.box.seal(Buffer.from(tokens.access_token)),
      refreshTokenEnc: tokens.refresh_token
        ? this.box.seal(Buffer.from(tokens.refresh_token))
        : null,
      tokenExpiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
      linkedAt: new Date(),
    };
    await this.db
      .insert(discordLinks)
      .values({ userId, ...sealed })
      .onConflictDoUpdate({ target: discordLinks.userId, set: sealed });
    await this.joinGuild(me.id, tokens.access_token);
    return 'linked';
  }

  async unlink(userId: string): Promise<void> {
    await this.db.delete(discordLinks).where(eq(discordLinks.userId, userId));
  }

  /** The guild and its Collector role; a failure here leaves the link in place and is logged. */
  private async joinGuild(discordUserId: string, accessToken: string): Promise<void> {
    const { guildId, collectorRoleId } = this.opts;
    if (!guildId) return;
    try {
      const roles = collectorRoleId ? [collectorRoleId] : [];
      const joined = await this.client.addGuildMember(guildId, discordUserId, accessToken, roles);
      // An existing member keeps their roles: the Collector role is added on its own.
      if (joined === 'already-member' && collectorRoleId)
        await this.client.addMemberRole(guildId, discordUserId, collectorRoleId);
    } catch (err) {
      this.opts.log?.warn({ err }, 'discord guild join failed (the account is linked)');
    }
  }

  /** Posts a pull's embed to DISCORD_WEBHOOK_URL; 'pulled by' as the collector allows. */
  async announcePull(pullId: string): Promise<void> {
    if (!this.opts.webhookUrl) return;
    const row = await publicPull(this.db, pullId);
    if (!row) return;
    const image = row.card.imageIds[0];
    const embed = grailPullEmbed({
      cardName: row.card.name,
      grader: row.card.grader,
      grade: row.card.grade,
      fmvCents: row.pull.fmvCents,
      caseName: row.caseName,
      pulledBy: row.anonymous ? 'Anonymous' : row.username,
      ...(image ? { imageUrl: `${this.opts.publicUrl}${imageUrl(image)}` } : {}),
      url: `${this.opts.publicUrl}/grail-machine`,
      pulledAt: row.pull.pulledAt.toISOString(),
    });
    await this.client.executeWebhook(this.opts.webhookUrl, {
      embeds: [embed],
      allowed_mentions: { parse: [] },
    });
  }
}
