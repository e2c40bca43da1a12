import { useState, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import clsx from 'clsx';
import { applyServerError, type LazyResolver } from '@/lib/forms';
import { Alert } from './Alert';
import styles from './Form.module.css';

type Checks<Values extends FieldValues, Output> =
  /** The contract's schema; its failures show the shared plain messages (lib/zod.ts). */
  | { schema: z.ZodType<Output, Values>; resolver?: undefined }
  /** Instead of `schema`: a page that keeps zod off its first paint passes lazyResolver(...). */
  | { resolver: Resolver<Values, unknown, Output>; schema?: undefined };

export type FormProps<Values extends FieldValues, Output> = Checks<Values, Output> & {
  defaultValues: DefaultValues<Values>;
  /**
   * Runs with the checked values. A thrown ApiError ({message, error, field?}) is shown: on its
   * field when the server names one on this form, else in an Alert above the fields.
   */
  onSubmit: (values: Output, form: UseFormReturn<Values, unknown, Output>) => unknown;
  /** The fields and the submit button; a function gets the form (to watch a value). */
  children: ReactNode | ((form: UseFormReturn<Values, unknown, Output>) => ReactNode);
  className?: string;
  /** The form's name for screen readers when the page has more than one. */
  label?: string;
  /** Lets a button outside the form submit it (`form={id}`), e.g. in a Dialog's actions. */
  id?: string;
  /** When a field is first checked: on submit (default), or on leaving it (a long wizard). */
  mode?: 'onSubmit' | 'onTouched';
};

/**
 * The one form: react-hook-form checked by a zod schema, the browser's own checks off, fields
 * bound by name (FormTextField, FormCheckbox, FormSelect) and FormSubmit busy while it runs.
 */
export function Form<Values extends FieldValues, Output = Values>({
  schema,
  resolver,
  defaultValues,
  onSubmit,
  children,
  className,
  label,
  id,
  mode,
}: FormProps<Values, Output>) {
  const form = useForm<Values, unknown, Output>({
    resolver:
      resolver ?? (zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>),
    defaultValues,
    mode,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  // A lazily loaded schema starts its download at the first input (lazyResolver says why).
  const preloadSchema =
    resolver && 'preload' in resolver
      ? () => void (resolver as LazyResolver<Values>).preload().catch(() => undefined)
      : undefined;
  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(values, form);
    } catch (error) {
      setServerError(applyServerError(error, form.setError, Object.keys(defaultValues ?? {})));
    }
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        id={id}
        aria-label={label}
        onSubmit={(event) => void submit(event)}
        onInput={preloadSchema}
        className={clsx(styles.form, className)}
      >
        {serverError && <Alert severity="error">{serverError}</Alert>}
        {typeof children === 'function' ? children(form) : children}
      </form>
    </FormProvider>
  );
}
