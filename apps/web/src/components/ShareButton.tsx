import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui';
import { notify } from '@/lib/toast';

/**
 * Shares a page of the site: the phone's share sheet where the browser has one (Web Share API),
 * otherwise the link is copied to the clipboard. `path` is the site path to share (/pulls/…).
 */
export function ShareButton({
  path,
  title,
  text,
  label = 'Share',
  ...button
}: { path: string; title: string; text: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [copied, setCopied] = useState(false);
  const url = new URL(path, window.location.origin).toString();

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The collector closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify.success('Link copied.');
    } catch {
      notify.error(`Could not copy the link. Copy it from here: ${url}`);
    }
  };

  return (
    <Button
      variant="outlined"
      startIcon={<Share2 aria-hidden />}
      {...button}
      onClick={() => void share()}
      data-share-url={url}
    >
      {copied ? 'Link copied' : label}
    </Button>
  );
}
