import { useState } from 'react';
import { z } from 'zod';
import type { AdminSubmission, StaffAction } from '@grail/contract';
import { Alert, Button, Form, FormSubmit, FormTextField } from '@/components/ui';
import { useStaffCommand } from '../api/submissions';
import { CancelDialog, NoteField, PayDialog, ReturnDialog } from './SubmissionDialogs';
import styles from './SubmissionActions.module.css';

/** The steps that take only a note for the timeline; a status allows one of them at most. */
const STEPS = {
  review: 'Start review',
  receive: 'Mark received',
  verify: 'Verify: cards match',
} as const;

const StepForm = z.object({ note: NoteField });

/** Staff actions allowed now; a note goes with review, receipt and verification. */
export function SubmissionActions({ submission }: { submission: AdminSubmission }) {
  const command = useStaffCommand(submission._id);
  const psa = useStaffCommand(submission._id);
  const [dialog, setDialog] = useState<'pay' | 'return' | 'cancel' | null>(null);
  const has = (a: StaffAction) => submission.actions.includes(a);
  const step = (Object.keys(STEPS) as (keyof typeof STEPS)[]).find(has);
  const any = step !== undefined || has('pay') || has('return') || has('cancel');
  const psaCards = submission.cards.some((c) => c.grader === 'PSA');
  return (
    // The dialogs sit outside the form: a submit in one would otherwise reach it through React.
    <div className={styles.actions}>
      <Form
        schema={StepForm}
        defaultValues={{ note: '' }}
        className={styles.form}
        onSubmit={async ({ note }, form) => {
          if (!step) return;
          await command.mutateAsync({ kind: step, note });
          form.reset();
        }}
      >
        {step && <FormTextField name="note" label="Note for the timeline (optional)" />}
        <div className={styles.buttons}>
          {step && (
            <FormSubmit size="medium" fullWidth={false}>
              {STEPS[step]}
            </FormSubmit>
          )}
          {has('pay') && (
            <Button variant="contained" color="secondary" onClick={() => setDialog('pay')}>
              Pay
            </Button>
          )}
          {has('return') && (
            <Button variant="outlined" onClick={() => setDialog('return')}>
              Return cards
            </Button>
          )}
          {has('cancel') && (
            <Button variant="outlined" color="error" onClick={() => setDialog('cancel')}>
              Turn down
            </Button>
          )}
          {psaCards && (
            <Button onClick={() => psa.mutate({ kind: 'psa' })} disabled={psa.isPending}>
              Look up PSA data
            </Button>
          )}
        </div>
      </Form>
      {!any && !has('offer') && !has('adjust') && (
        <p className={styles.muted}>
          Nothing to do for staff right now:{' '}
          {submission.status === 'offer_made'
            ? 'the collector has the offer.'
            : 'this submission waits on the collector or is finished.'}
        </p>
      )}
      {psa.error && <Alert severity="error">{psa.error.message}</Alert>}
      {dialog === 'pay' && <PayDialog submission={submission} onClose={() => setDialog(null)} />}
      {dialog === 'return' && (
        <ReturnDialog submission={submission} onClose={() => setDialog(null)} />
      )}
      {dialog === 'cancel' && (
        <CancelDialog submission={submission} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
