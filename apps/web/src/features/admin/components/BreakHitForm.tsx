import { useId, useState } from 'react';
import { z } from 'zod';
import clsx from 'clsx';
import { HitInput, type AdminBreak } from '@grail/contract';
import { buttonClass, Form, FormSubmit, FormTextField } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { useBreakCommands } from '../api/breaks';
import admin from '../admin.module.css';
import styles from './BreakHitForm.module.css';
import { FormDollarField } from './FormDollarField';

/** A whole number or a price as typed: blank is none, else the contract's rule for it. */
const blankOr = <Out,>(rule: z.ZodType<Out, number | null>) =>
  z
    .string()
    .transform((text) => (text.trim() === '' ? null : Number(text)))
    .pipe(rule);

/** The hit as typed, named as in the contract's HitInput so the server's refusals find their field. */
const HitFields = z.object({
  cardName: HitInput.shape.cardName,
  team: HitInput.shape.team,
  detail: HitInput.shape.detail.unwrap(),
  packNumber: blankOr(HitInput.shape.packNumber.unwrap()),
  buybackPrice: blankOr(HitInput.shape.buybackPrice.unwrap()),
});

const EMPTY = { cardName: '', team: '', detail: '', packNumber: '', buybackPrice: '' };

/** A hit as a pack is opened: card, team, grade or parallel, photo, buyback price. */
export function HitForm({ b }: { b: AdminBreak }) {
  const { addHit, upload } = useBreakCommands();
  const [photo, setPhoto] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const teamsId = useId();
  return (
    <Form
      schema={HitFields}
      defaultValues={EMPTY}
      label="Enter a hit"
      className={styles.form}
      onSubmit={async (hit, form) => {
        const imageId = photo
          ? (await upload.mutateAsync({ id: b._id, file: photo })).imageId
          : null;
        await addHit.mutateAsync({ id: b._id, hit: { ...hit, imageId } });
        // The team and pack stay: the next hit is often from the same pack.
        form.reset({ ...form.getValues(), cardName: '', detail: '', buybackPrice: '' });
        setPhoto(null);
        setFileKey((k) => k + 1);
      }}
    >
      <h3 className={admin.formTitle}>Enter a hit</h3>
      <div className={styles.fields}>
        <FormTextField name="cardName" label="Card" required />
        <FormTextField name="team" label="Team" required list={teamsId} autoComplete="off" />
        <datalist id={teamsId}>
          {b.teams.map((team) => (
            <option key={team} value={team} />
          ))}
        </datalist>
        <FormTextField name="detail" label="Grade or parallel" />
        <FormTextField name="packNumber" label="Pack number" type="number" min={1} />
        <FormDollarField name="buybackPrice" label="Buyback price ($, optional)" />
        <label className={clsx(buttonClass({ variant: 'outlined', size: 'small' }), styles.file)}>
          {photo ? `Photo: ${photo.name}` : 'Add a photo'}
          <input
            key={fileKey}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className={ui.visuallyHidden}
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
        </label>
      </div>
      <div>
        <FormSubmit size="medium" fullWidth={false}>
          Add hit
        </FormSubmit>
      </div>
    </Form>
  );
}
