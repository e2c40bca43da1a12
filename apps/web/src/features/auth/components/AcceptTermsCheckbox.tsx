import { Link } from 'react-router';
import { FormCheckbox } from '@/components/ui/FormFields';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';

/** A Form's `acceptTerms`: the collector is 18 or older and accepts the Terms of Service. */
export function AcceptTermsCheckbox() {
  return (
    <FormCheckbox
      name="acceptTerms"
      label={
        <>
          I am 18 or older and accept the{' '}
          <Link to={paths.termsOfService.getHref()} target="_blank" className={ui.textLink}>
            Terms of Service
          </Link>
        </>
      }
    />
  );
}
