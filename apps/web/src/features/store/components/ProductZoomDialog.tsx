import { Box, Dialog, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { imageSources } from '@/lib/images';
import { MuiThemeScope } from '@/lib/theme/MuiThemeScope';

/** The card's picture at full size, in MUI's dialog with the app's theme. */
export default function ProductZoomDialog({
  open,
  onClose,
  name,
  image,
}: {
  open: boolean;
  onClose: () => void;
  name: string;
  image: string;
}) {
  return (
    <MuiThemeScope>
      <Dialog
        open={open}
        onClose={onClose}
        maxWidth="md"
        // On the paper, which is the element with the dialog role.
        slotProps={{ paper: { 'aria-label': `${name}, zoomed` } }}
      >
        <IconButton
          onClick={onClose}
          aria-label="Close zoom"
          sx={{ position: 'absolute', right: 8, top: 8, bgcolor: 'background.paper' }}
        >
          <CloseIcon />
        </IconButton>
        <Box
          component="img"
          src={imageSources(image, 'lg').src}
          alt={name}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: '90vh', objectFit: 'contain' }}
        />
      </Dialog>
    </MuiThemeScope>
  );
}
