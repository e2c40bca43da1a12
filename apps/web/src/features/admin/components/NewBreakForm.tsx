import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  BREAK_FORMAT_LABELS,
  BREAK_FORMATS,
  BREAK_SPORTS,
  TEAM_PRESETS,
  UNOWNED_HIT_RULE_TEXT,
  UNOWNED_HIT_RULES,
  type TeamPreset,
} from '@grail/contract';
import { useBreakCommands } from '../api/breaks';
import {
  BreakDraftSchema,
  emptyBreakDraft,
  parseTeams,
  PRESET_SPORT,
  type BreakDraftValues,
} from './breakDraft';

type DraftField = Exclude<keyof BreakDraftValues, 'preset'>;

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

/** A new draft: product, format, teams, prices and times. */
export function NewBreakForm({
  onCreated,
  onCancel,
}: {
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const { create } = useBreakCommands();
  const form = useForm({
    resolver: zodResolver(BreakDraftSchema),
    defaultValues: emptyBreakDraft(),
  });
  const values = form.watch();
  const { errors } = form.formState;
  /** A field of the draft: registered, showing its value, and its message (else `hint`). */
  const bind = (name: DraftField, hint?: string) => {
    const { ref, ...registered } = form.register(name);
    const message = firstMessage(errors[name]);
    return {
      ...registered,
      inputRef: ref,
      value: values[name],
      error: Boolean(message),
      helperText: message ?? hint,
      size: 'small' as const,
    };
  };
  const choosePreset = (preset: TeamPreset | 'custom') => {
    form.setValue('preset', preset);
    if (preset !== 'custom') {
      form.setValue('teams', TEAM_PRESETS[preset].join('\n'));
      form.setValue('sport', PRESET_SPORT[preset]);
    }
  };
  const teams = bind(
    'teams',
    values.format === 'pick_team'
      ? 'One team per line; add ", 40" for a team with its own price.'
      : 'One team per line; every spot gets one at random.',
  );

  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (data) => {
        form.resetField('title');
        onCreated(data.break._id);
      },
    }),
  );

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={(e) => void submit(e)}
      aria-label="New break"
      sx={{
        p: { xs: 2, sm: 3 },
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        alignItems: 'start',
        '& > .wide': { gridColumn: '1 / -1' },
      }}
    >
      <Typography variant="h6" component="h2" className="wide">
        New draft break
      </Typography>
      <TextField
        {...bind('title')}
        className="wide"
        label="Product"
        placeholder="Two boxes of 2024 Topps Chrome Baseball Hobby"
        required
      />
      <TextField {...bind('format')} select label="Format">
        {BREAK_FORMATS.map((f) => (
          <MenuItem key={f} value={f}>
            {BREAK_FORMAT_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...bind('sport')} select label="Sport">
        {BREAK_SPORTS.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Team list"
        value={values.preset}
        onChange={(e) => choosePreset(e.target.value as TeamPreset | 'custom')}
      >
        <MenuItem value="MLB">MLB (30 teams)</MenuItem>
        <MenuItem value="NFL">NFL (32 teams)</MenuItem>
        <MenuItem value="NBA">NBA (30 teams)</MenuItem>
        <MenuItem value="custom">Custom list</MenuItem>
      </TextField>
      <TextField {...bind('unownedHitRule')} select label="Hits of a team on no spot">
        {UNOWNED_HIT_RULES.map((r) => (
          <MenuItem key={r} value={r} sx={{ whiteSpace: 'normal' }}>
            {UNOWNED_HIT_RULE_TEXT[r]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...teams}
        onChange={(e) => {
          form.setValue('preset', 'custom');
          return teams.onChange(e);
        }}
        className="wide"
        label={`Teams (${parseTeams(values.teams).length})`}
        multiline
        minRows={3}
        maxRows={8}
      />
      <TextField
        {...bind('spotPrice')}
        label={values.format === 'pick_team' ? 'Team price ($)' : 'Spot price ($)'}
        type="number"
        slotProps={{ htmlInput: { step: '0.01', min: '0.01' } }}
        required
      />
      <TextField
        {...bind('minSpots')}
        label="Minimum spots to run"
        type="number"
        slotProps={{ htmlInput: { min: 1 }, inputLabel: { shrink: true } }}
        placeholder="Every spot"
      />
      <TextField
        {...bind('boxes')}
        label="Boxes"
        type="number"
        slotProps={{ htmlInput: { min: 1, max: 100 } }}
      />
      <TextField
        {...bind('packsPerBox')}
        label="Packs a box"
        type="number"
        slotProps={{ htmlInput: { min: 1, max: 100 } }}
      />
      <TextField
        {...bind('salesDeadline')}
        label="Sales deadline"
        type="datetime-local"
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      <TextField
        {...bind('scheduledAt')}
        label="Opening time"
        type="datetime-local"
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      <TextField
        {...bind('streamUrl')}
        className="wide"
        label="Live stream link (optional)"
        placeholder="https://www.youtube.com/watch?v=…"
      />
      <TextField
        {...bind('description')}
        className="wide"
        label="Description (optional)"
        multiline
        minRows={2}
      />
      <Stack direction="row" spacing={1} className="wide">
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Create draft
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
      {create.error && (
        <Alert severity="error" className="wide">
          {create.error.message}
        </Alert>
      )}
    </Paper>
  );
}
