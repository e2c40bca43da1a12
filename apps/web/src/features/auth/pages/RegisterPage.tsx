import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '@/lib/auth/returnPath';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { RegisterRequest } from '@grail/contract';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { applyServerError } from '@/lib/forms';
import { PasswordStrengthMeter } from '@/components/PasswordStrengthMeter';
import { FormTextField } from '@/components/FormTextField';
import { AuthCard } from '../components/AuthCard';
import { useRegister } from '../api/signIn';

const RegisterForm = RegisterRequest.extend({
  confirmPassword: z.string().min(1, 'Confirm your password'),
  acceptTerms: z.boolean(),
})
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  })
  .refine((v) => v.acceptTerms, {
    path: ['acceptTerms'],
    message: 'You must be 18 or older and accept the Terms of Service',
  });
type RegisterForm = z.infer<typeof RegisterForm>;

/** /register: email, username, password (with a strength meter), confirmation and terms. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The page the sign-up started from (the checkout, a pack): the profile step and the
  // verification link both lead back there.
  const returnPath = safeReturnPath(searchParams.get('redirectTo')) ?? undefined;
  const auth = useAuth();
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(RegisterForm),
    defaultValues: {
      email: '',
      username: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });
  const { errors } = form.formState;
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(({ email, username, password: pw }) => {
    setFormError(null);
    register.mutate(
      { email, username, password: pw, acceptTerms: true, returnPath },
      {
        onSuccess: (result) => {
          auth.signedIn(result);
          navigate(paths.completeProfile.getHref({ redirectTo: returnPath }), {
            replace: true,
            state: { welcome: true },
          });
        },
        onError: (error) =>
          setFormError(applyServerError(error, form.setError, ['email', 'username', 'password'])),
      },
    );
  });

  return (
    <AuthCard title="Create your account" subtitle="Buy packs, track your pulls and sell cards.">
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
          <FormTextField
            form={form}
            name="username"
            label="Username"
            autoComplete="username"
            hint={'3 to 24 letters, digits, _ . or -'}
          />
          <FormTextField
            form={form}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
          />
          <PasswordStrengthMeter password={password} />
          <FormTextField
            form={form}
            name="confirmPassword"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
          />
          <Box>
            <FormControlLabel
              control={<Checkbox {...form.register('acceptTerms')} />}
              label={
                <Typography variant="body2">
                  I am 18 or older and accept the{' '}
                  <Link component={RouterLink} to={paths.termsOfService.getHref()} target="_blank">
                    Terms of Service
                  </Link>
                </Typography>
              }
            />
            {errors.acceptTerms && (
              <FormHelperText error>{errors.acceptTerms.message}</FormHelperText>
            )}
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={register.isPending}>
            {register.isPending ? 'Creating your account...' : 'Create account'}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.login.getHref({ redirectTo: returnPath })}>
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
