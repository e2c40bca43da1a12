import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { Controller, get, useFormContext } from 'react-hook-form';
import {
  CERT_FORMATS,
  certProblem,
  SUBMISSION_GRADERS,
  type PsaLookupResponse,
  type SubmissionGrader,
} from '@grail/contract';
import { Alert, Button, Select, TextField } from '@/components/ui';
import { usePsaLookup } from '../api/psaCerts';
import type { SellFormValues } from '../lib/sellForm';
import { PhotoPicker } from './PhotoPicker';
import styles from './CardFields.module.css';

type Field = keyof SellFormValues['cards'][number];

/** One slab of the submission (in the sell Form): grader, cert (with PSA fill-in), description, photos, asking price. */
export function CardFields({
  index,
  psaLookup,
  onRemove,
}: {
  index: number;
  psaLookup: boolean;
  onRemove?: () => void;
}) {
  const form = useFormContext<SellFormValues>();
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
    {
      helperText,
      ...extra
    }: Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
      helperText?: string;
      startAdornment?: string;
      endAdornment?: ReactNode;
    } = {},
  ) => (
    <TextField
      label={label}
      {...form.register(name(field))}
      aria-label={`${label} of ${cardLabel}`}
      {...extra}
      error={errorOf(field)}
      helperText={helperText}
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
    <div
      role="group"
      aria-label={`Card ${index + 1}`}
      className={styles.card}
      data-testid="sell-card"
    >
      <div className={styles.header}>
        <h3 className={styles.title}>Card {index + 1}</h3>
        {onRemove && (
          <Button onClick={onRemove} aria-label={`Remove ${cardLabel}`} className={styles.remove}>
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
      <div className={styles.columns}>
        <div className={styles.fields}>
          <Controller
            control={form.control}
            name={name('grader')}
            render={({ field }) => (
              <Select
                label="Grader"
                ref={field.ref}
                name={field.name}
                value={field.value as string}
                onBlur={field.onBlur}
                onValueChange={(value) => {
                  field.onChange(value);
                  setLookup({ busy: false, answer: null });
                  if (form.getValues(name('certNumber'))) void form.trigger(name('certNumber'));
                }}
                options={SUBMISSION_GRADERS.map((g) => ({ value: g, label: g }))}
              />
            )}
          />
          {text('certNumber', 'Cert number', {
            helperText: CERT_FORMATS[grader].message,
            inputMode: 'numeric',
            autoComplete: 'off',
            onBlur: (e) => {
              void form.register(name('certNumber')).onBlur(e);
              const untouched = !form.getValues(name('player'));
              if (canLookUp && untouched && !certProblem('PSA', e.target.value)) void fillFromPsa();
            },
            endAdornment: canLookUp ? (
              <Button size="small" onClick={() => void fillFromPsa()} disabled={lookup.busy}>
                {lookup.busy ? 'Looking up…' : 'Fill from PSA'}
              </Button>
            ) : undefined,
          })}
          {lookup.answer && (
            <Alert
              severity={lookup.answer.status === 'found' ? 'success' : 'info'}
              className={styles.wide}
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
            'aria-label': `Asking price of ${cardLabel}`,
            startAdornment: '$',
            helperText: 'What you hope to get. We make our own offer.',
          })}
        </div>
        <div className={styles.photos}>
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
        </div>
      </div>
    </div>
  );
}
