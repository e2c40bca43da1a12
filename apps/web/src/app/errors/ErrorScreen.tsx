import { useEffect, type ReactNode } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import SystemUpdateAlt from '@mui/icons-material/SystemUpdateAlt';
import CloudOff from '@mui/icons-material/CloudOff';
import { logger } from '@/lib/logger';
import {
  clearChunkReloadFlag,
  hasReloadedForChunk,
  isChunkLoadError,
  markReloadedForChunk,
} from './chunkErrors';

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
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, textAlign: 'center', borderRadius: 3 }}
      >
        <Box sx={{ color: 'secondary.main', mb: 1, '& svg': { fontSize: 56 } }}>{icon}</Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {body}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          {actions}
        </Stack>
      </Paper>
    </Box>
  );
}

const refresh = () => window.location.reload();

/**
 * The render-error screens of SPEC §8. A failed script chunk reloads the page once (guarded by a
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
        icon={<SystemUpdateAlt />}
        title={ERROR_TEXTS.chunkTitle}
        body={ERROR_TEXTS.chunkBody}
        actions={refreshButton}
      />
    );
  }
  if (chunk) {
    return (
      <Frame
        icon={<CloudOff />}
        title={ERROR_TEXTS.loadTitle}
        body={ERROR_TEXTS.loadBody}
        actions={refreshButton}
      />
    );
  }
  return (
    <Frame
      icon={<ErrorOutline />}
      title={ERROR_TEXTS.renderTitle}
      body={ERROR_TEXTS.renderBody}
      actions={
        <>
          {refreshButton}
          <Button variant="outlined" onClick={() => window.history.back()}>
            Go Back
          </Button>
        </>
      }
    />
  );
}
