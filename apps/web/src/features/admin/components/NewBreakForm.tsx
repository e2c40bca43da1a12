import clsx from 'clsx';
import type { FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BREAK_FORMAT_LABELS,
  BREAK_FORMATS,
  BREAK_SPORTS,
  TEAM_PRESETS,
  UNOWNED_HIT_RULE_TEXT,
  UNOWNED_HIT_RULES,
  type TeamPreset,
} from '@grail/contract';
import { Button, Form, FormSelect, FormSubmit, FormTextField, Select } from '@/components/ui';
import { useBreakCommands } from '../api/breaks';
import {
  BreakDraftSchema,
  emptyBreakDraft,
  parseTeams,
  PRESET_SPORT,
  type BreakDraftValues,
} from './breakDraft';
import styles from './NewBreakForm.module.css';
import { FormDollarField } from './FormDollarField';
import ui from '@/lib/styles/ui.module.css';

/** How many boxes the break opens and packs each holds: 1 to 100 each. */
const BOX_COUNTS = [
  { name: 'boxes', label: 'Boxes' },
  { name: 'packsPerBox', label: 'Packs a box' },
] as const;

/** When sales close and when the break is opened, both required. */
const TIMES = [
  { name: 'salesDeadline', label: 'Sales deadline' },
  { name: 'scheduledAt', label: 'Opening time' },
] as const;

/** A field's first message; a team list's may sit on one of its lines (teams.3.name). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as FieldError;
  if (typeof message === 'string' && message) return message;
  for (const inner of Object.values(error)) {
    const found = firstMessage(inner);
    if (found) return found;
  }
  return undefined;
}

const draftChecks = zodResolver(BreakDraftSchema);

/** The contract's checks, with a message about one team line shown on the team list. */
const checkDraft: typeof draftChecks = async (values, context, options) => {
  const result = await draftChecks(values, context, options);
  const teams = firstMessage(result.errors.teams);
  if (teams) result.errors.teams = { type: 'custom', message: teams };
  return result;
};

const options = (values: readonly string[], label: (value: string) => string = String) =>
  values.map((value) => ({ value, label: label(value) }));

const PRESETS = [
  { value: 'MLB', label: 'MLB (30 teams)' },
  { value: 'NFL', label: 'NFL (32 teams)' },
  { value: 'NBA', label: 'NBA (30 teams)' },
  { value: 'custom', label: 'Custom list' },
];

/** A new draft: product, format, teams, prices and times. */
export function NewBreakForm({
  onCreated,
  onCancel,
}: {
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const { create } = useBreakCommands();
  return (
    <Form
      resolver={checkDraft}
      defaultValues={emptyBreakDraft()}
      label="New break"
      className={clsx(ui.paper, styles.form)}
      onSubmit={async (input, form) => {
        const data = await create.mutateAsync(input);
        form.resetField('title');
        onCreated(data.break._id);
      }}
    >
      {(form) => {
        const values = form.watch();
        const choosePreset = (preset: TeamPreset | 'custom') => {
          form.setValue('preset', preset);
          if (preset !== 'custom') {
            form.setValue('teams', TEAM_PRESETS[preset].join('\n'));
            form.setValue('sport', PRESET_SPORT[preset]);
          }
        };
        return (
          <>
            <h2 className={styles.wide}>New draft break</h2>
            <div className={styles.wide}>
              <FormTextField<BreakDraftValues>
                name="title"
                label="Product"
                helperText="Two boxes of 2024 Topps Chrome Baseball Hobby"
                required
              />
            </div>
            <FormSelect<BreakDraftValues>
              name="format"
              label="Format"
              options={options(BREAK_FORMATS, (f) => BREAK_FORMAT_LABELS[f as 'random_team'])}
            />
            <FormSelect<BreakDraftValues>
              name="sport"
              label="Sport"
              options={options(BREAK_SPORTS)}
            />
            <Select
              label="Team list"
              value={values.preset}
              onValueChange={(preset) => choosePreset(preset as TeamPreset | 'custom')}
              options={PRESETS}
            />
            <FormSelect<BreakDraftValues>
              name="unownedHitRule"
              label="Hits of a team on no spot"
              options={options(UNOWNED_HIT_RULES, (r) => UNOWNED_HIT_RULE_TEXT[r as 'house'])}
            />
            <div className={styles.wide}>
              <FormTextField<BreakDraftValues>
                name="teams"
                label={`Teams (${parseTeams(values.teams).length})`}
                helperText={
                  values.format === 'pick_team'
                    ? 'One team per line; add ", 40" for a team with its own price.'
                    : 'One team per line; every spot gets one at random.'
                }
                multiline
                rows={6}
                onInput={() => form.setValue('preset', 'custom')}
              />
            </div>
            <FormDollarField<BreakDraftValues>
              name="spotPrice"
              label={values.format === 'pick_team' ? 'Team price ($)' : 'Spot price ($)'}
              required
            />
            <FormTextField<BreakDraftValues>
              name="minSpots"
              label="Minimum spots to run"
              type="number"
              min={1}
              helperText="Every spot"
            />
            {BOX_COUNTS.map(({ name, label }) => (
              <FormTextField<BreakDraftValues>
                key={name}
                name={name}
                label={label}
                type="number"
                min={1}
                max={100}
              />
            ))}
            {TIMES.map(({ name, label }) => (
              <FormTextField<BreakDraftValues>
                key={name}
                name={name}
                label={label}
                type="datetime-local"
                required
              />
            ))}
            <div className={styles.wide}>
              <FormTextField<BreakDraftValues>
                name="streamUrl"
                label="Live stream link (optional)"
                helperText="https://www.youtube.com/watch?v=…"
              />
            </div>
            <div className={styles.wide}>
              <FormTextField<BreakDraftValues>
                name="description"
                label="Description (optional)"
                multiline
                rows={2}
              />
            </div>
            <div className={styles.buttons}>
              <FormSubmit size="medium" fullWidth={false}>
                Create draft
              </FormSubmit>
              <Button onClick={onCancel}>Cancel</Button>
            </div>
          </>
        );
      }}
    </Form>
  );
}
