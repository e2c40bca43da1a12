import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DateOfBirth, ProfileRequest, type ShippingAddress } from '@grail/contract';
import { useAuth } from '@/lib/auth';
import { safeReturnPath } from '@/lib/auth/returnPath';
import { paths } from '@/lib/paths';
import { AddressFields, parseAddress, type AddressErrors } from '@/components/AddressFields';
import { AuthCard } from '../components/AuthCard';
import { useSaveProfile } from '../api/profile';

type FieldErrors = Partial<Record<'displayName' | 'dateOfBirth' | 'acceptTerms', string>>;

/**
 * /complete-profile (signed in): name, date of birth (18+) and shipping address, the profile a
 * collector needs before buying.
 */
export default function CompleteProfilePage() {
  const auth = useAuth();
  const user = auth.user;
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const save = useSaveProfile();
  const [displayName, setDisplayName] = useState(user?.displayName ?? '');
  const [dateOfBirth, setDateOfBirth] = useState(user?.dateOfBirth ?? '');
  const [address, setAddress] = useState<Partial<ShippingAddress>>(
    user?.shippingAddress ?? { country: 'US' },
  );
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const welcome = (location.state as { welcome?: boolean } | null)?.welcome === true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const fieldErrors: FieldErrors = {};
    const name = ProfileRequest.shape.displayName.safeParse(displayName);
    if (!name.success) fieldErrors.displayName = name.error.issues[0]?.message;
    const born = DateOfBirth.safeParse(dateOfBirth);
    if (!born.success) fieldErrors.dateOfBirth = born.error.issues[0]?.message;
    if (!acceptTerms) {
      fieldErrors.acceptTerms = 'You must be 18 or older and accept the Terms of Service';
    }
    const parsed = parseAddress(address);
    setErrors(fieldErrors);
    setAddressErrors(parsed.errors ?? {});
    if (Object.keys(fieldErrors).length > 0 || !parsed.address) return;

    save.mutate(
      { displayName, dateOfBirth, shippingAddress: parsed.address, acceptTerms: true },
      {
        onSuccess: async () => {
          await auth.refresh();
          navigate(safeReturnPath(searchParams.get('redirectTo')) ?? paths.dashboard.getHref(), {
            replace: true,
          });
        },
        onError: (error) => {
          const field = (error as { data?: { field?: string } }).data?.field;
          if (field === 'dateOfBirth' || field === 'displayName') {
            setErrors({ [field]: error.message });
          } else {
            setFormError(error.message);
          }
        },
      },
    );
  };

  return (
    <AuthCard
      wide
      title={user?.profileComplete ? 'Your profile' : 'Complete your profile'}
      subtitle="We ship every card you pull or buy, so we need your name and address. You must be 18 or older to buy."
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {welcome && (
            <Alert severity="success">
              Welcome, {user?.username}! We sent a link to {user?.email}: open it to verify your
              email.
            </Alert>
          )}
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            label="Display name"
            autoComplete="nickname"
            autoFocus
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            error={Boolean(errors.displayName)}
            helperText={errors.displayName}
          />
          <TextField
            label="Date of birth"
            type="date"
            autoComplete="bday"
            value={dateOfBirth}
            onChange={(e) => setDateOfBirth(e.target.value)}
            error={Boolean(errors.dateOfBirth)}
            helperText={errors.dateOfBirth ?? 'You must be 18 or older.'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, pt: 1 }}>
            Shipping address
          </Typography>
          <AddressFields value={address} errors={addressErrors} onChange={setAddress} />
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={acceptTerms}
                  onChange={(e) => setAcceptTerms(e.target.checked)}
                />
              }
              label={
                <Typography variant="body2">
                  I am 18 or older and accept the{' '}
                  <Link href={paths.termsOfService.getHref()} target="_blank">
                    Terms of Service
                  </Link>
                </Typography>
              }
            />
            {errors.acceptTerms && <FormHelperText error>{errors.acceptTerms}</FormHelperText>}
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save profile'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
