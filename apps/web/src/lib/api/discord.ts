import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { discordEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';

const discordKeys = { status: ['discord', 'status'] as const };

/** The signed-in collector's Discord link (only asked while DISCORD_INTEGRATION is on). */
export function useDiscordStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: discordKeys.status,
    queryFn: ({ signal }) => callApi(discordEndpoints.discordStatus, { signal }),
    enabled,
  });
}

/** Starts the link: Discord's own page asks the collector, then sends them back to the site. */
export function useStartDiscordLink() {
  return useMutation({
    mutationFn: () => callApi(discordEndpoints.discordLinkStart, {}),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
}

export function useUnlinkDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(discordEndpoints.discordUnlink, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discordKeys.status }),
  });
}
