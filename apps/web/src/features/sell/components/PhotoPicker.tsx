import { useId, useRef, useState } from 'react';
import clsx from 'clsx';
import { ImagePlus } from 'lucide-react';
import { imageUrl } from '@grail/contract';
import { Button, Spinner } from '@/components/ui';
import { CardImage } from '@/components/CardImage';
import { useUploadPhoto } from '../api/submissionPhotos';
import styles from './PhotoPicker.module.css';

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
    <div className={styles.picker}>
      <p className={styles.side}>{side}</p>
      <div className={clsx(styles.frame, message && styles.invalid)}>
        {imageId ? (
          <CardImage src={imageUrl(imageId)} alt={`${side} of ${cardLabel}`} sizes="160px" eager />
        ) : (
          <div className={styles.empty}>
            <ImagePlus aria-hidden size={35} strokeWidth={1.5} />
          </div>
        )}
        {upload.isPending && (
          <div className={styles.uploading}>
            <Spinner size={28} label={`Uploading the ${side.toLowerCase()} photo`} />
          </div>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={TYPES.join(',')}
        aria-label={`${side} photo of ${cardLabel}`}
        className={styles.file}
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
        <p id={helpId} className={styles.error}>
          {message}
        </p>
      )}
    </div>
  );
}
