import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { ValueField } from '@/components/ValueField';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { formatUsd } from '@/lib/format';
import { useAdminCases, useCaseCommands } from '../api/cases';
import { CaseEditor } from '../components/CaseEditor';
import { MaintenanceSwitch } from '../components/MaintenanceSwitch';
import { ShipmentsDue } from '../components/ShipmentsDue';
import { GridColumns } from '@/components/GridColumns';

function NewCaseForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { create } = useCaseCommands();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('49.99');
  return (
    <Stack
      component="form"
      spacing={1}
      sx={{ p: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { name, packPrice: Number(price) },
          {
            onSuccess: (data) => {
              setName('');
              onCreated(data.case.caseId);
            },
          },
        );
      }}
    >
      <Typography variant="subtitle2">New draft case</Typography>
      <ValueField label="Case name" value={name} onValue={setName} required />
      <ValueField label="Pack price ($)" dollars value={price} onValue={setPrice} required />
      <Button
        type="submit"
        variant="contained"
        size="small"
        disabled={create.isPending || !name.trim()}
      >
        Create draft
      </Button>
      {create.error && <Alert severity="error">{create.error.message}</Alert>}
    </Stack>
  );
}

/** The minimal admin: Grail cases from draft to live to closed, and the shipments due. */
export default function AdminPage() {
  const { user, isLoading } = useAuth();
  const isAdmin = user?.role === 'admin';
  const cases = useAdminCases();
  const { flags } = usePublicConfig();
  const [selected, setSelected] = useState<string | null>(null);
  if (isLoading) return <CircularProgress />;
  if (!isAdmin) {
    return (
      <Box sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Admin
        </Typography>
        <Alert severity="warning">Administrators only.</Alert>
      </Box>
    );
  }
  const current = selected ?? cases.data?.[0]?.caseId ?? null;
  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
        Admin
      </Typography>
      <Button
        component={RouterLink}
        to={paths.adminSubmissions.getHref()}
        variant="outlined"
        sx={{ mb: 3 }}
      >
        Submissions queue
      </Button>
      <Stack spacing={4}>
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            Grail cases
          </Typography>
          <GridColumns
            gap={3}
            columns={{ xs: '1fr', md: '280px 1fr' }}
            sx={{ alignItems: 'start' }}
          >
            <Paper variant="outlined">
              <List dense aria-label="Cases">
                {cases.data?.map((c) => (
                  // Each entry is a list item holding its button: a list holds only items.
                  <ListItem key={c.caseId} disablePadding>
                    <ListItemButton
                      selected={c.caseId === current}
                      onClick={() => setSelected(c.caseId)}
                    >
                      <ListItemText
                        primary={c.name}
                        secondary={
                          <>
                            <Chip
                              component="span"
                              size="small"
                              label={c.status.replace('_', ' ')}
                              sx={{ mr: 1 }}
                            />
                            {formatUsd(c.packPrice)} · {c.remaining}/{c.totalItems}
                          </>
                        }
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
              <NewCaseForm onCreated={setSelected} />
            </Paper>
            {current ? (
              <CaseEditor caseId={current} />
            ) : (
              <Typography color="text.secondary">Create a draft case to begin.</Typography>
            )}
          </GridColumns>
        </Box>
        {flags.BREAKS_ENABLED && (
          <Button
            component={RouterLink}
            to={paths.adminBreaks.getHref()}
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
          >
            Run breaks
          </Button>
        )}
        <ShipmentsDue />
        <MaintenanceSwitch />
      </Stack>
    </Box>
  );
}
