import type { FastifyInstance } from 'fastify';
import { discordEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { DiscordService } from './discord.service.js';

/** Linking a Discord account; every route is the API's 404 while DISCORD_INTEGRATION is off. */
export async function discordRoutes(
  app: FastifyInstance,
  { discord }: { discord: DiscordService },
): Promise<void> {
  route(app, api.discordStatus, async ({ user }) => discord.status(user.id));

  route(app, api.discordLinkStart, async ({ user, request }) =>
    discord.startLink(user.id, request.session!.id),
  );

  // The browser arrives here from Discord: the answer is a page to land on, never JSON.
  route(app, api.discordCallback, async ({ user, query, request, reply }) => {
    const outcome = await discord
      .finishLink(user.id, request.session!.id, query)
      .catch((err: unknown) => {
        request.log.warn({ err }, 'discord link failed');
        return 'failed' as const;
      });
    return reply.redirect(
      outcome === 'linked'
        ? '/discord-grail-success'
        : `/dashboard?tab=settings&discord=${outcome}`,
      302,
    );
  });

  route(app, api.discordUnlink, async ({ user }) => discord.unlink(user.id));
}
