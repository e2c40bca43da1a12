import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** The frame of the Grail Machine's own pages: one section under one large title. */
export function GrailPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography
        variant="h3"
        component="h1"
        gutterBottom
        sx={{ fontWeight: 800, fontSize: { xs: '2.25rem', sm: '3rem' } }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}
