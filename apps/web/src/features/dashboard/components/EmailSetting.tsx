import { EmailChangeRequest, type PublicUser } from '@grail/contract';
import { Alert, Form, FormSubmit, FormTextField } from '@/components/ui';
import { SecondFactorCodeField } from '@/components/SecondFactorCodeField';
import { useRequestEmailChange } from '../api/useAccount';
import styles from './SettingsTab.module.css';

/** Without two-factor the code is not asked; with it, the contract's code rule applies. */
const WithoutCode = EmailChangeRequest.omit({ totpCode: true });
const WithCode = EmailChangeRequest.required();

/**
 * 'Change e-mail': the new address with the password (and a code when two-factor is on). The
 * server mails a link to the new address; the address changes only when it is opened.
 */
export function EmailSetting({ user }: { user: PublicUser }) {
  const request = useRequestEmailChange();
  const fields = { newEmail: '', currentPassword: '' };
  return (
    <Form
      schema={user.totpEnabled ? WithCode : WithoutCode}
      defaultValues={user.totpEnabled ? { ...fields, totpCode: '' } : fields}
      onSubmit={(body, form) => request.mutateAsync(body).then(() => form.reset())}
      className={styles.form}
    >
      <p className={styles.secondary}>
        Your address is <strong>{user.email}</strong>. We send a link to the new address; it changes
        when you open that link.
      </p>
      {request.isSuccess && <Alert severity="success">{request.data.message}</Alert>}
      <FormTextField name="newEmail" label="New e-mail address" type="email" autoComplete="email" />
      <FormTextField
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      {user.totpEnabled && <SecondFactorCodeField />}
      <FormSubmit
        size="medium"
        fullWidth={false}
        pendingText="Sending..."
        className={styles.submit}
      >
        Change e-mail
      </FormSubmit>
    </Form>
  );
}
