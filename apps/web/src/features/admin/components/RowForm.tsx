import type { FormHTMLAttributes } from 'react';
import clsx from 'clsx';
import styles from '../admin.module.css';

type Props = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit: () => void };

/** A staff form with its fields in one row (stacked on a phone); submitting stays on the page. */
export function RowForm({ onSubmit, className, ...props }: Props) {
  return (
    <form
      {...props}
      className={clsx(styles.row, className)}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}
