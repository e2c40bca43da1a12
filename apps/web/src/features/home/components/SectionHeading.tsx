import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography
      id={id}
      variant="h4"
      component="h2"
      sx={{ fontWeight: 800, textAlign: 'center', fontSize: { xs: '1.6rem', md: '2.1rem' }, mb: 2 }}
    >
      {children}
    </Typography>
  );
}
