import { Box, Link, Typography } from '@mui/material';
import { streamEmbed } from '@grail/contract';

/**
 * The break's live stream, embedded by URL only: a YouTube or Twitch player (the pages allow
 * only those frames), any other link (Whatnot) opened on its own site.
 */
export function StreamEmbed({ url, title }: { url: string; title: string }) {
  const embed = streamEmbed(url);
  const src =
    embed.kind === 'youtube'
      ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(embed.videoId)}`
      : embed.kind === 'twitch'
        ? `https://player.twitch.tv/?channel=${encodeURIComponent(embed.channel)}&parent=${encodeURIComponent(window.location.hostname)}&muted=true`
        : null;
  return (
    <Box sx={{ maxWidth: 720 }}>
      {src ? (
        <Box
          component="iframe"
          src={src}
          title={`Live stream: ${title}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          sx={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 1, bgcolor: '#000' }}
        />
      ) : null}
      <Typography variant="body2" sx={{ mt: 1 }}>
        <Link href={url} target="_blank" rel="noopener noreferrer">
          {src ? 'Open the stream in a new tab' : 'Watch the stream live'}
        </Link>
      </Typography>
    </Box>
  );
}
