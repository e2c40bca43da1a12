import { useEffect, useRef, useState } from 'react';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import MusicNote from '@mui/icons-material/MusicNote';
import VolumeOff from '@mui/icons-material/VolumeOff';
import VolumeUp from '@mui/icons-material/VolumeUp';
import { AmbientLoop } from '@/lib/music/ambientLoop';

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

  return (
    <Paper
      variant="outlined"
      data-testid="music-player"
      sx={{
        position: 'fixed',
        left: 12,
        bottom: 12,
        width: 236,
        zIndex: (t) => t.zIndex.drawer + 1,
        display: { xs: 'none', md: 'flex' },
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 1,
        borderRadius: 3,
      }}
    >
      {/* A native title, not MUI's Tooltip: Popper would ride along on every first paint. */}
      <IconButton
        onClick={toggle}
        aria-label={muted ? 'Unmute music' : 'Mute music'}
        title={muted ? 'Unmute music' : 'Mute music'}
        aria-pressed={!muted}
        color={muted ? 'default' : 'secondary'}
        size="small"
      >
        {muted ? <VolumeOff /> : <VolumeUp />}
      </IconButton>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="caption"
          component="p"
          sx={{ fontWeight: 700, lineHeight: 1.3 }}
          noWrap
        >
          <MusicNote sx={{ fontSize: 13, verticalAlign: '-2px', mr: 0.25 }} aria-hidden />
          Slab Lights
        </Typography>
        <Typography variant="caption" component="p" color="text.secondary" noWrap>
          Music by Grail Machine Studio
        </Typography>
      </Box>
    </Paper>
  );
}
