import { useCallback, useEffect, useState } from 'react';
import { SIGNUP_PROMPT_DELAY_MS } from '@grail/contract';

/** Session-storage flag: the visitor answered the prompt in this session. */
export const SIGNUP_DISMISSED_KEY = 'signupPromptDismissed';

export type SignUpPromptVariant = 'dialog' | 'banner';

/** Phones and tablets (no hover, coarse pointer) get the banner; desktops get the dialog. */
export function isTouchDevice(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(hover: none) and (pointer: coarse)').matches
  );
}

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(SIGNUP_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The sign-up prompt: for a visitor, opens 2500 ms after the app settles, unless already
 * dismissed in this session. Either answer stores the dismissed flag.
 */
export function useSignUpPrompt({ isVisitor }: { isVisitor: boolean }) {
  const [variant] = useState<SignUpPromptVariant>(() => (isTouchDevice() ? 'banner' : 'dialog'));
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!isVisitor || wasDismissed()) {
      setOpen(false);
      return;
    }
    const timer = setTimeout(() => setOpen(true), SIGNUP_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isVisitor]);

  const dismiss = useCallback(() => {
    try {
      sessionStorage.setItem(SIGNUP_DISMISSED_KEY, 'true');
    } catch {
      // Without storage it closes for this page only.
    }
    setOpen(false);
  }, []);

  return { open, variant, dismiss };
}
