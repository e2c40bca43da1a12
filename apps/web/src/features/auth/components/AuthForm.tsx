import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormAlert } from '@/components/form/FormAlert';
import { FormField } from '@/components/form/FormField';
import styles from './authForm.module.css';

/** A sign-in or sign-up form: the browser's own checks off, the server's refusal on top. */
export function AuthForm({
  onSubmit,
  error,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className={styles.form}>
      {error && <FormAlert>{error}</FormAlert>}
      {children}
    </form>
  );
}

/** The e-mail address a form starts with, focused on arrival. */
export function EmailField<T extends FieldValues & { email: string }>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  return (
    <FormField
      form={form}
      name={'email' as Path<T>}
      label="Email"
      type="email"
      autoComplete="email"
      autoFocus
    />
  );
}
