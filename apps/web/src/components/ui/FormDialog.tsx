import { useId, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Form, type FormProps } from './Form';

type FormDialogProps<Values extends FieldValues, Output> = Omit<
  FormProps<Values, Output>,
  'id' | 'label'
> & {
  title: string;
  description?: ReactNode;
  /** Called on Cancel, Escape, the close button or a click outside. */
  onClose: () => void;
  /** The submit button's name. */
  submitLabel: ReactNode;
  /** While true the submit button is busy and shows `pendingText`. */
  pending: boolean;
  pendingText: string;
  submitDisabled?: boolean;
};

/**
 * A dialog that is one form: its fields in the body, Cancel and the form's submit button (which
 * submits it from outside, `form={id}`) at the bottom.
 */
export function FormDialog<Values extends FieldValues, Output = Values>({
  title,
  description,
  onClose,
  submitLabel,
  pending,
  pendingText,
  submitDisabled,
  ...form
}: FormDialogProps<Values, Output>) {
  const formId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="contained"
            type="submit"
            form={formId}
            disabled={submitDisabled}
            loading={pending}
            loadingText={pendingText}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <Form<Values, Output> {...(form as FormProps<Values, Output>)} id={formId} />
    </Dialog>
  );
}
