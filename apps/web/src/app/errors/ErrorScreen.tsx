import { useEffect, type ReactNode } from 'react';
import { CircleAlert, CloudOff, Download } from 'lucide-react';
import { CenteredPanel } from '@/components/CenteredPanel';
import { logger } from '@/lib/logger';
import {
  clearChunkReloadFlag,
  hasReloadedForChunk,
  isChunkLoadError,
  markReloadedForChunk,
} from './chunkErrors';
import { Button } from '@/components/ui/Button';

export const ERROR_TEXTS = {
  renderTitle: 'Oops! Something went wrong',
  renderBody:
    'We apologize for the inconvenience. The application encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.',
  chunkTitle: 'A new version is available!',
  chunkBody:
    "We've updated the application. Please refresh the page to get the latest version. If this issue persists, try clearing your browser cache.",
  loadTitle: 'Failed to load page',
  loadBody:
    'There was an issue loading this part of the application. This can happen after an update. Please try refreshing.',
} as const;

/** How long the 'new version' notice stays readable before the automatic reload. */
export const CHUNK_RELOAD_DELAY_MS = 1500;

const refresh = () => window.location.reload();

/** Styled at build time: an error screen must show even when no further code can load. */
function Frame({
  icon,
  title,
  body,
  actions,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  actions: ReactNode;
}) {
  return (
    <CenteredPanel role="alert" icon={icon} title={title} actions={actions}>
      <p>{body}</p>
    </CenteredPanel>
  );
}

const ICON_SIZE = 56;

/**
 * The render-error screens. A failed script chunk reloads the page once (guarded by a
 * session flag, cleared when this screen goes away); if the chunk still fails after that reload,
 * the page cannot be loaded and says so.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  const willReload = chunk && !hasReloadedForChunk();

  useEffect(() => {
    logger.error('Render error', error);
  }, [error]);

  useEffect(() => {
    if (!willReload) return;
    markReloadedForChunk();
    const timer = setTimeout(refresh, CHUNK_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [willReload]);

  useEffect(() => () => clearChunkReloadFlag(), []);

  const refreshButton = (
    <Button variant="contained" onClick={refresh}>
      Refresh Page
    </Button>
  );
  if (willReload) {
    return (
      <Frame
        icon={<Download size={ICON_SIZE} aria-hidden />}
        title={ERROR_TEXTS.chunkTitle}
        body={ERROR_TEXTS.chunkBody}
        actions={refreshButton}
      />
    );
  }
  if (chunk) {
    return (
      <Frame
        icon={<CloudOff size={ICON_SIZE} aria-hidden />}
        title={ERROR_TEXTS.loadTitle}
        body={ERROR_TEXTS.loadBody}
        actions={refreshButton}
      />
    );
  }
  return (
    <Frame
      icon={<CircleAlert size={ICON_SIZE} aria-hidden />}
      title={ERROR_TEXTS.renderTitle}
      body={ERROR_TEXTS.renderBody}
      actions={
        <>
          {refreshButton}
          <Button variant="outlined" color="inherit" onClick={() => window.history.back()}>
            Go Back
          </Button>
        </>
      }
    />
  );
}
