import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Controller, get, type UseFormReturn } from 'react-hook-form';
import {
  CERT_FORMATS,
  certProblem,
  SUBMISSION_GRADERS,
  type PsaLookupResponse,
  type SubmissionGrader,
} from '@grail/contract';
import { usePsaLookup } from '../api/psaCerts';
import type { SellFormValues } from '../lib/sellForm';
import { PhotoPicker } from './PhotoPicker';
import { GridColumns } from '@/components/GridColumns';

type Field = keyof SellFormValues['cards'][number];

/** One slab of the submission: grader, cert (with PSA fill-in), description, photos, asking price. */
export function CardFields({
  form,
  index,
  psaLookup,
  onRemove,
}: {
  form: UseFormReturn<SellFormValues>;
  index: number;
  psaLookup: boolean;
  onRemove?: () => void;
}) {
  const name = <F extends Field>(field: F) => `cards.${index}.${field}` as const;
  const errorOf = (field: Field) =>
    (get(form.formState.errors, name(field)) as { message?: string } | undefined)?.message;
  const grader = form.watch(name('grader')) as SubmissionGrader;
  const lookUp = usePsaLookup();
  const [lookup, setLookup] = useState<{ busy: boolean; answer: PsaLookupResponse | null }>({
    busy: false,
    answer: null,
  });
  const cardLabel = `card ${index + 1}`;

  const text = (
    field: Field,
    label: string,
    { helperText, ...extra }: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      fullWidth
      {...form.register(name(field))}
      slotProps={{ htmlInput: { 'aria-label': `${label} of ${cardLabel}` } }}
      {...extra}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field) ?? helperText}
    />
  );

  /** PSA's data for the cert, filled in; any failure leaves the fields to be typed by hand. */
  const fillFromPsa = async () => {
    const cert = String(form.getValues(name('certNumber'))).trim();
    if (certProblem('PSA', cert)) {
      await form.trigger(name('certNumber'));
      return;
    }
    setLookup({ busy: true, answer: null });
    try {
      const answer = await lookUp(cert);
      setLookup({ busy: false, answer });
      const c = answer.cert;
      if (answer.status !== 'found' || !c) return;
      const set = (field: Field, value: string | null | undefined) => {
        if (value) form.setValue(name(field), value, { shouldValidate: true, shouldDirty: true });
      };
      set('year', c.year?.match(/\d{4}/)?.[0]);
      set('setName', [c.brand, c.variety].filter(Boolean).join(' '));
      set('player', c.subject);
      set('cardNumber', c.cardNumber);
      set('grade', c.grade);
    } catch (e) {
      setLookup({
        busy: false,
        answer: {
          status: 'unavailable',
          message: `${e instanceof Error ? e.message : 'PSA lookup failed.'} Fill in the card by hand.`,
          cert: null,
        },
      });
    }
  };
  const canLookUp = psaLookup && grader === 'PSA';

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={`Card ${index + 1}`}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, minWidth: 0 }}
      data-testid="sell-card"
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography component="h3" variant="h6" sx={{ flexGrow: 1 }}>
          Card {index + 1}
        </Typography>
        {onRemove && (
          <IconButton onClick={onRemove} aria-label={`Remove ${cardLabel}`}>
            <DeleteOutline />
          </IconButton>
        )}
      </Stack>
      <GridColumns gap={3} columns={{ xs: '1fr', md: 'minmax(0, 1fr) 300px' }}>
        <GridColumns
          columns={{ xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 2fr)' }}
          sx={{ alignContent: 'start' }}
        >
          <Controller
            control={form.control}
            name={name('grader')}
            render={({ field }) => (
              <TextField
                select
                label="Grader"
                {...field}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  setLookup({ busy: false, answer: null });
                  if (form.getValues(name('certNumber'))) void form.trigger(name('certNumber'));
                }}
              >
                {SUBMISSION_GRADERS.map((g) => (
                  <MenuItem key={g} value={g}>
                    {g}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box>
            {text('certNumber', 'Cert number', {
              helperText: CERT_FORMATS[grader].message,
              inputMode: 'numeric',
              autoComplete: 'off',
              onBlur: (e) => {
                void form.register(name('certNumber')).onBlur(e);
                const untouched = !form.getValues(name('player'));
                if (canLookUp && untouched && !certProblem('PSA', e.target.value))
                  void fillFromPsa();
              },
              slotProps: {
                htmlInput: { 'aria-label': `Cert number of ${cardLabel}` },
                input: canLookUp
                  ? {
                      endAdornment: (
                        <InputAdornment position="end">
                          <Button
                            size="small"
                            onClick={() => void fillFromPsa()}
                            disabled={lookup.busy}
                          >
                            {lookup.busy ? 'Looking up…' : 'Fill from PSA'}
                          </Button>
                        </InputAdornment>
                      ),
                    }
                  : undefined,
              },
            })}
          </Box>
          {lookup.answer && (
            <Alert
              severity={lookup.answer.status === 'found' ? 'success' : 'info'}
              sx={{ gridColumn: '1 / -1' }}
              role="status"
            >
              {lookup.answer.message}
            </Alert>
          )}
          {text('year', 'Year', { inputMode: 'numeric' })}
          {text('setName', 'Set')}
          {text('cardNumber', 'Card number')}
          {text('player', 'Player')}
          {text('grade', 'Grade', { helperText: 'As on the label: GEM MT 10, 9.5…' })}
          {text('askingPrice', 'Asking price (optional)', {
            inputMode: 'decimal',
            slotProps: {
              htmlInput: { 'aria-label': `Asking price of ${cardLabel}` },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            },
            helperText: 'What you hope to get. We make our own offer.',
          })}
        </GridColumns>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', alignContent: 'start' }}
        >
          {(['frontImageId', 'backImageId'] as const).map((field) => (
            <Controller
              key={field}
              control={form.control}
              name={name(field)}
              render={({ field: f }) => (
                <PhotoPicker
                  side={field === 'frontImageId' ? 'Front' : 'Back'}
                  cardLabel={cardLabel}
                  imageId={String(f.value ?? '')}
                  onChange={(id) => {
                    f.onChange(id);
                    void form.trigger(name(field));
                  }}
                  error={errorOf(field)}
                />
              )}
            />
          ))}
        </Box>
      </GridColumns>
    </Paper>
  );
}
