import clsx from 'clsx';
import { z } from 'zod';
import { AutoSellBelow, MAX_DOLLARS } from '@grail/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AutoSellRule } from '@grail/contract';
import { Alert, Button, Form, FormSubmit, FormTextField, Skeleton } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { useSaveAutoSellRule } from '../api/useAutoSellRule';
import styles from './AutoSellRuleChoice.module.css';

const RANGE = `Enter an amount from ${formatUsd(0.01)} to ${formatUsd(MAX_DOLLARS)}.`;

/** The threshold as typed: the contract's rule, read from the field's text. */
const RuleFields = z.object({
  below: z
    .string()
    .trim()
    .min(1, RANGE)
    .pipe(z.coerce.number({ message: RANGE }))
    .pipe(AutoSellBelow),
});

/**
 * The collector's auto-sell rule in the buy dialog, every time: its threshold with Change and
 * Turn off, or that it is off with a way to set one. Saved at once; the purchase then sends it.
 */
export function AutoSellRuleChoice({
  rule,
  editing,
  onEditingChange,
}: {
  rule: UseQueryResult<AutoSellRule>;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  const save = useSaveAutoSellRule();
  const below = rule.data?.below ?? null;
  return (
    <section className={styles.rule} aria-labelledby="auto-sell-title">
      <h3 id="auto-sell-title" className={clsx(ui.body2, styles.title)}>
        Auto-sell
      </h3>
      {rule.isPending ? (
        <Skeleton variant="text" width="80%" />
      ) : rule.isError ? (
        <Alert severity="warning">
          Could not load your auto-sell rule: the pulls of this purchase go to your vault.
        </Alert>
      ) : editing ? (
        <Form
          schema={RuleFields}
          label="Auto-sell rule"
          defaultValues={{ below: below === null ? '' : below.toFixed(2) }}
          className={styles.form}
          onSubmit={async (values) => {
            await save.mutateAsync({ below: values.below });
            onEditingChange(false);
          }}
        >
          <p className={clsx(ui.body2, styles.text)}>
            Sell back at once every pull whose FMV is below:
          </p>
          <FormTextField
            name="below"
            label="FMV below"
            startAdornment="$"
            inputMode="decimal"
            helperText={`${formatUsd(0.01)} to ${formatUsd(MAX_DOLLARS)}`}
          />
          <div className={styles.actions}>
            <FormSubmit fullWidth={false} size="medium" pendingText="Saving…">
              Save rule
            </FormSubmit>
            <Button onClick={() => onEditingChange(false)}>Don't change</Button>
          </div>
        </Form>
      ) : (
        <>
          <p className={clsx(ui.body2, styles.text)} data-testid="auto-sell-rule">
            {below === null ? (
              'Off: every pull goes to your vault.'
            ) : (
              <>
                Sell back at once every pull whose FMV is below <strong>{formatUsd(below)}</strong>
              </>
            )}
          </p>
          <div className={styles.actions}>
            <Button size="small" variant="outlined" onClick={() => onEditingChange(true)}>
              {below === null ? 'Set a rule' : 'Change'}
            </Button>
            {below !== null && (
              <Button
                size="small"
                loading={save.isPending}
                onClick={() => save.mutate({ below: null })}
              >
                Turn off
              </Button>
            )}
          </div>
          {save.isError && <Alert severity="error">{(save.error as Error).message}</Alert>}
        </>
      )}
    </section>
  );
}
