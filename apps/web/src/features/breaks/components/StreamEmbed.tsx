import { streamEmbed } from '@grail/contract';
import ui from '@/lib/styles/ui.module.css';
import styles from './StreamEmbed.module.css';

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
    <div className={styles.stream}>
      {src ? (
        <iframe
          className={styles.player}
          src={src}
          title={`Live stream: ${title}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : null}
      <p className={styles.link}>
        <a className={ui.textLink} href={url} target="_blank" rel="noopener noreferrer">
          {src ? 'Open the stream in a new tab' : 'Watch the stream live'}
        </a>
      </p>
    </div>
  );
}
