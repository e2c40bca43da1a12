import { Stack, type StackProps } from '@mui/material';

type Props = Omit<StackProps<'form'>, 'component' | 'onSubmit'> & { onSubmit: () => void };

/** A staff form with its fields in one row (stacked on a phone); submitting stays on the page. */
export function RowForm({ onSubmit, ...props }: Props) {
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}
