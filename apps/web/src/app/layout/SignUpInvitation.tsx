import clsx from 'clsx';
import { Award, X } from 'lucide-react';
import { useLayoutEffect, useRef, type AnimationEvent, type RefObject } from 'react';
import ui from '@/lib/styles/ui.module.css';
import type { SignUpPromptVariant } from './useSignUpPrompt';
import styles from './SignUpInvitation.module.css';
import { Button } from '@/components/ui/Button';

interface SignUpInvitationProps {
  variant: SignUpPromptVariant;
  /** False while it leaves: it plays its exit animation, then calls onExited. */
  visible: boolean;
  onSignUp(): void;
  onDismiss(): void;
  onExited(): void;
}

/**
 * While the banner shows, the page keeps room below its end as tall as the banner (and its gap
 * to the edge), so the last of the page, the X feed and footer included, can scroll clear of it.
 */
function useRoomBelow(banner: RefObject<HTMLElement | null>, active: boolean) {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!active || !element) return;
    const { body } = document;
    const keepRoom = () => {
      // Its offset from the edge, not its box: the box is still sliding in.
      const gap = parseFloat(getComputedStyle(element).bottom) || 0;
      body.style.paddingBottom = `${Math.ceil(element.offsetHeight + gap)}px`;
    };
    keepRoom();
    const resized = new ResizeObserver(keepRoom);
    resized.observe(element);
    return () => {
      resized.disconnect();
      body.style.paddingBottom = '';
    };
  }, [banner, active]);
}

/** The sign-up prompt's look: a corner dialog fading in, or a bottom banner sliding up. */
export function SignUpInvitation({
  variant,
  visible,
  onSignUp,
  onDismiss,
  onExited,
}: SignUpInvitationProps) {
  const bannerRef = useRef<HTMLDivElement>(null);
  useRoomBelow(bannerRef, variant === 'banner');
  const onAnimationEnd = (event: AnimationEvent) => {
    if (!visible && event.target === event.currentTarget) onExited();
  };

  if (variant === 'banner') {
    return (
      <div
        ref={bannerRef}
        role="region"
        aria-label="Sign-up invitation"
        className={clsx(styles.banner, !visible && styles.leaving)}
        onAnimationEnd={onAnimationEnd}
      >
        <p className={clsx(ui.body1, styles.bannerTitle)}>Join Our Community!</p>
        <p className={clsx(ui.body2, ui.secondaryText, styles.bannerText)}>
          Track your pulls and get first access to new case drops.
        </p>
        <div className={styles.actions}>
          <Button variant="contained" color="secondary" onClick={onSignUp}>
            Sign Up
          </Button>
          <Button variant="text" color="inherit" onClick={onDismiss}>
            Later
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div
      // A non-modal corner prompt: the page stays usable and keeps the focus, which the modal
      // Dialog would trap. Escape and its buttons close it (SignUpPrompt).
      // eslint-disable-next-line no-restricted-syntax
      role="dialog"
      aria-labelledby="signup-prompt-title"
      aria-describedby="signup-prompt-text"
      className={clsx(styles.dialog, !visible && styles.leaving)}
      onAnimationEnd={onAnimationEnd}
    >
      <Button
        aria-label="Close"
        variant="icon"
        color="inherit"
        className={styles.close}
        onClick={onDismiss}
      >
        <X aria-hidden size={20} />
      </Button>
      <Award aria-hidden size={35} className={styles.award} />
      <h2 id="signup-prompt-title" className={clsx(ui.h6, styles.title)}>
        Join Our Community!
      </h2>
      <p id="signup-prompt-text" className={clsx(ui.body1, ui.secondaryText, styles.text)}>
        Create a free account to open packs, track every pull and get first access to new case
        drops.
      </p>
      <div className={styles.actions}>
        <Button variant="contained" color="secondary" onClick={onSignUp}>
          Sign Up Now
        </Button>
        <Button variant="outlined" color="inherit" onClick={onDismiss}>
          Maybe Later
        </Button>
      </div>
    </div>
  );
}
