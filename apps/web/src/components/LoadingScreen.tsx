import { Box, CircularProgress, Typography } from '@mui/material';

/** A centred spinner with a text; `fullScreen` covers the viewport (app start). */
export function LoadingScreen({
  text,
  fullScreen = false,
}: {
  text: string;
  fullScreen?: boolean;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: fullScreen ? '100vh' : 320,
        bgcolor: fullScreen ? 'background.default' : undefined,
      }}
    >
      <CircularProgress color="secondary" aria-hidden />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
