import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** The collector's Discord link, for the dashboard. */
export const DiscordStatusResponse = z.object({
  /** Whether the server has Discord configured (client id and secret). */
  available: z.boolean(),
  linked: z.boolean(),
  username: z.string().nullable(),
  linkedAt: z.string().nullable(),
  /** The guild invite page (https://discord.com/channels/<guild>) when a guild is configured. */
  serverUrl: z.string().nullable(),
});
export type DiscordStatusResponse = z.infer<typeof DiscordStatusResponse>;

export const DiscordLinkStartResponse = z.object({
  /** Discord's authorize page, to open in the browser. */
  authorizeUrl: z.string(),
});

export const DiscordCallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});

const tags = ['discord'];
const flag = 'DISCORD_INTEGRATION' as const;

export const discordEndpoints = {
  discordStatus: endpoint({
    method: 'GET',
    path: '/api/discord',
    operationId: 'getDiscordLink',
    summary: "The caller's Discord link",
    tags,
    guard: 'authenticated',
    response: DiscordStatusResponse,
    flag,
  }),
  discordLinkStart: endpoint({
    method: 'POST',
    path: '/api/discord/link',
    operationId: 'startDiscordLink',
    summary:
      'Start linking a Discord account: the authorize URL with a state bound to this session',
    tags,
    guard: 'authenticated',
    response: DiscordLinkStartResponse,
    errors: [409],
    flag,
  }),
  discordCallback: endpoint({
    method: 'GET',
    path: '/api/discord/callback',
    operationId: 'discordOAuthCallback',
    summary:
      "Discord's OAuth redirect: checks the state, links the account and redirects to /discord-grail-success (or the dashboard settings with discord=refused or failed)",
    tags,
    guard: 'authenticated',
    query: DiscordCallbackQuery,
    status: 302,
    responseKind: 'empty',
    flag,
  }),
  discordUnlink: endpoint({
    method: 'DELETE',
    path: '/api/discord/link',
    operationId: 'unlinkDiscord',
    summary: 'Unlink the Discord account (its tokens are deleted)',
    tags,
    guard: 'authenticated',
    status: 204,
    responseKind: 'empty',
    flag,
  }),
} as const;
