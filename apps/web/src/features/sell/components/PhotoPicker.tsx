import { useId, useRef, useState } from 'react';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import { imageUrl } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { useUploadPhoto } from '../api/submissionPhotos';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * One side of a slab: pick a photo (JPEG, PNG or WebP up to 10 MB), it uploads at once and shows
 * as the server will keep it. The value is the uploaded photo's id.
 */
export function PhotoPicker({
  side,
  cardLabel,
  imageId,
  onChange,
  error,
}: {
  side: 'Front' | 'Back';
  /** 'card 1': names the input for screen readers and tests. */
  cardLabel: string;
  imageId: string;
  onChange: (imageId: string) => void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const helpId = useId();
  const message = problem ?? error;

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) {
      setProblem('Use a JPEG, PNG or WebP photo.');
      return;
    }
    if (file.size > MAX_BYTES) {
      setProblem('That photo is over 10 MB. Use a smaller one.');
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (answer) => onChange(answer.imageId),
      onError: (e) => setProblem(e.message),
    });
  };

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="p">
        {side}
      </Typography>
      <Box
        sx={{
          position: 'relative',
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: message ? 'error.main' : 'divider',
          bgcolor: 'action.hover',
        }}
      >
        {imageId ? (
          <CardImage src={imageUrl(imageId)} alt={`${side} of ${cardLabel}`} sizes="160px" eager />
        ) : (
          <Box
            sx={{
              aspectRatio: '5 / 7',
              display: 'grid',
              placeItems: 'center',
              color: 'text.secondary',
            }}
          >
            <AddAPhotoOutlined fontSize="large" aria-hidden />
          </Box>
        )}
        {upload.isPending && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(0,0,0,0.45)',
            }}
          >
            <CircularProgress size={28} aria-label={`Uploading the ${side.toLowerCase()} photo`} />
          </Box>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        accept={TYPES.join(',')}
        aria-label={`${side} photo of ${cardLabel}`}
        style={{ display: 'none' }}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        size="small"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-describedby={message ? helpId : undefined}
      >
        {imageId ? `Replace ${side.toLowerCase()}` : `Add ${side.toLowerCase()} photo`}
      </Button>
      {message && (
        <FormHelperText id={helpId} error>
          {message}
        </FormHelperText>
      )}
    </Stack>
  );
}
