import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { Password } from '@grail/contract';
import { paths } from '@/lib/paths';
import { applyServerError } from '@/lib/forms';
import { PasswordStrengthMeter } from '@/components/PasswordStrengthMeter';
import { FormTextField } from '@/components/FormTextField';
import { AuthCard } from '../components/AuthCard';
import { useResetPassword } from '../api/recovery';

const ResetForm = z
  .object({ password: Password, confirmPassword: z.string().min(1, 'Confirm your password') })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type ResetForm = z.infer<typeof ResetForm>;

/** /reset-password/:token (or ?token=): a new password from the mailed link. */
export default function ResetPasswordPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = params.token ?? searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetForm>({
    resolver: zodResolver(ResetForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = form.watch('password');

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Stack spacing={2}>
          <Alert severity="warning">
            This page needs the link from your reset email. Open the link again, or ask for a new
            one.
          </Alert>
          <Button component={RouterLink} to={paths.forgotPassword.getHref()} variant="contained">
            Send me a reset link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(({ password: newPassword }) => {
    setFormError(null);
    reset.mutate(
      { token, password: newPassword },
      {
        onSuccess: (result) => setDone(result.message),
        onError: (error) => setFormError(applyServerError(error, form.setError, ['password'])),
      },
    );
  });

  return (
    <AuthCard title="Choose a new password" subtitle="Pick one you do not use anywhere else.">
      {done ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {done}
          </Alert>
          <Button component={RouterLink} to={paths.login.getHref()} variant="contained">
            Sign in
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {formError && (
              <Alert severity="error">
                {formError}{' '}
                <Link component={RouterLink} to={paths.forgotPassword.getHref()}>
                  Ask for a new link
                </Link>
              </Alert>
            )}
            <FormTextField
              form={form}
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              autoFocus
            />
            <PasswordStrengthMeter password={password} />
            <FormTextField
              form={form}
              name="confirmPassword"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
              {reset.isPending ? 'Saving...' : 'Save new password'}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              Saving it signs you out everywhere else.
            </Typography>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
