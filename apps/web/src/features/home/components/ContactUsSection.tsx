import clsx from 'clsx';
import { Mail } from 'lucide-react';
import { usePublicConfig } from '@/lib/config';
import ui from '@/lib/styles/ui.module.css';
import styles from './ContactUsSection.module.css';
import { SectionHeading } from './SectionHeading';
import { buttonClass } from '@/components/ui/Button';

/** Section 8. */
export function ContactUsSection() {
  const { supportEmail } = usePublicConfig();
  return (
    <section aria-labelledby="contact-us-title" className={styles.contact}>
      <SectionHeading id="contact-us-title">Contact Us</SectionHeading>
      <p className={clsx(ui.body1, ui.secondaryText, styles.help)}>
        Questions about a pack, an order or shipping? Our support team is happy to help.
      </p>
      <a
        href={`mailto:${supportEmail}`}
        className={buttonClass({ variant: 'contained', color: 'secondary' })}
      >
        <Mail aria-hidden size={20} />
        Email Support
      </a>
      <p className={clsx(ui.body2, ui.secondaryText, styles.address)}>{supportEmail}</p>
    </section>
  );
}
