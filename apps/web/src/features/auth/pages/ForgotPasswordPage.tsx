import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { ForgotPasswordRequest } from '@grail/contract';
import { paths } from '@/lib/paths';
import { applyServerError } from '@/lib/forms';
import { FormTextField } from '@/components/FormTextField';
import { AuthCard } from '../components/AuthCard';
import { useForgotPassword } from '../api/recovery';

/** /forgot-password: asks for a reset link. The answer is the same whether the account exists. */
export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(ForgotPasswordRequest),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((body) => {
    setFormError(null);
    forgot.mutate(body, {
      onSuccess: (result) => setSent(result.message),
      onError: (error) => setFormError(applyServerError(error, form.setError, ['email'])),
    });
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new one."
    >
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {sent}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            The link works once, for 1 hour. Nothing arrived? Check your spam folder or ask again.
          </Typography>
          <Button component={RouterLink} to={paths.login.getHref()} variant="contained">
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <FormTextField
              form={form}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              autoFocus
            />
            <Button type="submit" variant="contained" size="large" disabled={forgot.isPending}>
              {forgot.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              Remembered it?{' '}
              <Link component={RouterLink} to={paths.login.getHref()}>
                Sign in
              </Link>
            </Typography>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
