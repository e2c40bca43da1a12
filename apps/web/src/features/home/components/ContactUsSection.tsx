import { Box, Button, Typography } from '@mui/material';
import MailOutline from '@mui/icons-material/MailOutline';
import { usePublicConfig } from '@/lib/config';
import { SectionHeading } from './SectionHeading';

/** Section 8. */
export function ContactUsSection() {
  const { supportEmail } = usePublicConfig();
  return (
    <Box component="section" aria-labelledby="contact-us-title" sx={{ textAlign: 'center' }}>
      <SectionHeading id="contact-us-title">Contact Us</SectionHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Questions about a pack, an order or shipping? Our support team is happy to help.
      </Typography>
      <Button
        href={`mailto:${supportEmail}`}
        variant="contained"
        color="secondary"
        startIcon={<MailOutline />}
        sx={{ textTransform: 'none', fontWeight: 700 }}
      >
        Email Support
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {supportEmail}
      </Typography>
    </Box>
  );
}
