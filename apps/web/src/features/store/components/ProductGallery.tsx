import { useState } from 'react';
import { Box, ButtonBase, Dialog, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { CardImage } from '@/components/CardImage';
import { imageSources, resolveImageUrl } from '@/lib/images';

/** The card's pictures: a main image, thumbnails, and a full-size zoom in a dialog. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const current = images[selected] ?? images[0];
  const large = resolveImageUrl(current);

  return (
    <Stack spacing={1.5}>
      <ButtonBase
        onClick={() => large && setZoomed(true)}
        aria-label={`Zoom into ${name}`}
        sx={{
          display: 'block',
          position: 'relative',
          borderRadius: 2,
          width: '100%',
          cursor: 'zoom-in',
        }}
      >
        <CardImage src={current} alt={name} eager sizes="(max-width: 900px) 90vw, 480px" />
        {large && (
          <Box
            sx={{
              position: 'absolute',
              right: 10,
              bottom: 10,
              bgcolor: 'rgba(0,0,0,0.6)',
              color: '#fff',
              borderRadius: '50%',
              p: 0.75,
              display: 'flex',
            }}
          >
            <ZoomInIcon fontSize="small" />
          </Box>
        )}
      </ButtonBase>
      {images.length > 1 && (
        <Stack direction="row" spacing={1} role="list" aria-label="Pictures">
          {images.map((image, i) => (
            <ButtonBase
              key={image}
              role="listitem"
              onClick={() => setSelected(i)}
              aria-label={`Picture ${i + 1}`}
              aria-current={i === selected}
              sx={{
                width: 64,
                borderRadius: 1,
                outline: i === selected ? 2 : 0,
                outlineColor: 'primary.main',
                outlineStyle: 'solid',
              }}
            >
              <CardImage src={image} alt="" sizes="64px" />
            </ButtonBase>
          ))}
        </Stack>
      )}
      <Dialog
        open={zoomed}
        onClose={() => setZoomed(false)}
        maxWidth="md"
        aria-label={`${name}, zoomed`}
      >
        <IconButton
          onClick={() => setZoomed(false)}
          aria-label="Close zoom"
          sx={{ position: 'absolute', right: 8, top: 8, bgcolor: 'background.paper' }}
        >
          <CloseIcon />
        </IconButton>
        {large && (
          <Box
            component="img"
            src={imageSources(large, 'lg').src}
            alt={name}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '90vh', objectFit: 'contain' }}
          />
        )}
      </Dialog>
    </Stack>
  );
}
