import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { CartButton } from './CartButton';

/** A store page's title with the cart always one click away. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
        flexWrap: 'wrap',
      }}
    >
      <Stack spacing={0.5}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.125rem' }, lineHeight: 1.2 }}
        >
          {title}
        </Typography>
        {children}
      </Stack>
      <CartButton />
    </Stack>
  );
}
