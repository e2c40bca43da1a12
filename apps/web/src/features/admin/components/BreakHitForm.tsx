import { useState } from 'react';
import { Alert, Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { ValueField } from '@/components/ValueField';
import type { AdminBreak } from '@grail/contract';
import { useBreakCommands } from '../api/breaks';

/** A hit as a pack is opened: card, team, grade or parallel, photo, buyback price. */
export function HitForm({ b }: { b: AdminBreak }) {
  const { addHit, upload } = useBreakCommands();
  const [cardName, setCardName] = useState('');
  const [team, setTeam] = useState('');
  const [detail, setDetail] = useState('');
  const [pack, setPack] = useState('');
  const [buyback, setBuyback] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const busy = addHit.isPending || upload.isPending;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const imageId = photo ? (await upload.mutateAsync({ id: b._id, file: photo })).imageId : null;
    addHit.mutate(
      {
        id: b._id,
        hit: {
          cardName,
          team,
          detail,
          imageId,
          packNumber: pack.trim() ? Number(pack) : null,
          buybackPrice: buyback.trim() ? Number(buyback) : null,
        },
      },
      {
        onSuccess: () => {
          setCardName('');
          setDetail('');
          setBuyback('');
          setPhoto(null);
          setFileKey((k) => k + 1);
        },
      },
    );
  };
  return (
    <Stack
      component="form"
      spacing={1.5}
      onSubmit={(e) => void submit(e).catch(() => undefined)}
      aria-label="Enter a hit"
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Enter a hit
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <ValueField label="Card" value={cardName} onValue={setCardName} required />
        <Autocomplete
          freeSolo
          options={b.teams}
          inputValue={team}
          onInputChange={(_e, value) => setTeam(value)}
          renderInput={(params) => <TextField {...params} size="small" label="Team" required />}
        />
        <ValueField label="Grade or parallel" value={detail} onValue={setDetail} />
        <ValueField
          label="Pack number"
          type="number"
          slotProps={{ htmlInput: { min: 1 } }}
          value={pack}
          onValue={setPack}
        />
        <ValueField
          label="Buyback price ($, optional)"
          dollars
          value={buyback}
          onValue={setBuyback}
        />
        <Button variant="outlined" component="label" size="small">
          {photo ? `Photo: ${photo.name}` : 'Add a photo'}
          <input
            key={fileKey}
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
        </Button>
      </Box>
      <Button
        type="submit"
        variant="contained"
        disabled={busy || !cardName.trim() || !team.trim()}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add hit
      </Button>
      {(addHit.error ?? upload.error) && (
        <Alert severity="error">{(addHit.error ?? upload.error)!.message}</Alert>
      )}
    </Stack>
  );
}
