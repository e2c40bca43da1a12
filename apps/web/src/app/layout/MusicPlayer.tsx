import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { Music, Volume2, VolumeX } from 'lucide-react';
import { AmbientLoop } from '@/lib/music/ambientLoop';
import ui from '@/lib/styles/ui.module.css';
import styles from './MusicPlayer.module.css';
import { buttonClass } from '@/components/ui/Button';

/**
 * Desktop background music. Muted until the person unmutes (browsers only allow sound after a
 * gesture); the track is synthesized in the browser.
 */
export function MusicPlayer() {
  const [muted, setMuted] = useState(true);
  const loop = useRef<AmbientLoop | null>(null);

  useEffect(() => () => loop.current?.dispose(), []);

  const toggle = () => {
    loop.current ??= new AmbientLoop();
    if (muted) loop.current.play();
    else loop.current.mute();
    setMuted(!muted);
  };

  const label = muted ? 'Unmute music' : 'Mute music';
  return (
    // Navy like the sidebar it sits on, in both modes.
    <div data-testid="music-player" data-theme="dark" className={styles.player}>
      <button
        type="button"
        onClick={toggle}
        aria-label={label}
        title={label}
        aria-pressed={!muted}
        className={buttonClass({
          variant: 'icon',
          color: 'inherit',
          className: clsx(!muted && styles.playing),
        })}
      >
        {muted ? <VolumeX aria-hidden size={24} /> : <Volume2 aria-hidden size={24} />}
      </button>
      <div className={styles.text}>
        <p className={clsx(ui.caption, styles.line, styles.title)}>
          <Music aria-hidden size={13} className={styles.note} />
          Slab Lights
        </p>
        <p className={clsx(ui.caption, ui.secondaryText, styles.line)}>
          Music by Grail Machine Studio
        </p>
      </div>
    </div>
  );
}
