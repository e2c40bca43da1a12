import { Box, type BoxProps, type SxProps, type Theme } from '@mui/material';

type Props = Omit<BoxProps, 'sx'> & {
  /** grid-template-columns, responsive by breakpoint like any sx value. */
  columns: string | Partial<Record<'xs' | 'sm' | 'md' | 'lg', string>>;
  /** Theme spacing between cells. */
  gap?: number;
  /** Extra styles: cell alignment, a wide table scrolling inside its cell, …. */
  sx?: SxProps<Theme>;
};

/** A CSS grid of columns: the panels-beside-panels layout of the admin and detail pages. */
export function GridColumns({ columns, gap = 2, sx, ...props }: Props) {
  return (
    <Box
      {...props}
      sx={[
        { display: 'grid', gap, gridTemplateColumns: columns },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
