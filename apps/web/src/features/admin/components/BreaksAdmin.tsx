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
  Typography,
} from '@mui/material';
import { GridColumns } from '@/components/GridColumns';
import { formatUsd } from '@/lib/format';
import { useAdminBreaks } from '../api/breaks';
import { BreakEditor } from './BreakEditor';
import { STATUS_LABEL } from './breakStatus';
import { NewBreakForm } from './NewBreakForm';

/** Staff's breaks: every break, a new draft, and the selected break's controls. */
export function BreaksAdmin() {
  const breaks = useAdminBreaks();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const current = selected ?? breaks.data?.[0]?._id ?? null;
  return (
    <GridColumns
      gap={3}
      columns={{ xs: '1fr', md: '300px 1fr' }}
      // Wide tables scroll inside their panel instead of widening the page.
      sx={{ alignItems: 'start', '& > *': { minWidth: 0 } }}
    >
      <Paper variant="outlined">
        <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Button variant="contained" fullWidth onClick={() => setCreating(true)}>
            New break
          </Button>
        </Box>
        {breaks.isPending && <CircularProgress sx={{ m: 2 }} aria-label="Loading breaks" />}
        {breaks.isError && <Alert severity="error">Could not load breaks.</Alert>}
        {breaks.data?.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No breaks yet.
          </Typography>
        )}
        <List dense aria-label="Breaks">
          {breaks.data?.map((b) => (
            // Each entry is a list item holding its button: a list holds only items.
            <ListItem key={b._id} disablePadding>
              <ListItemButton
                selected={!creating && b._id === current}
                onClick={() => {
                  setCreating(false);
                  setSelected(b._id);
                }}
              >
                <ListItemText
                  primary={b.title}
                  secondary={
                    <>
                      <Chip
                        component="span"
                        size="small"
                        label={STATUS_LABEL[b.status]}
                        sx={{ mr: 1 }}
                      />
                      {b.spotsSold}/{b.totalSpots} · {formatUsd(b.spotPrice)}
                    </>
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      {creating || (breaks.data && !current) ? (
        <NewBreakForm
          onCreated={(id) => {
            setSelected(id);
            setCreating(false);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : current ? (
        <BreakEditor id={current} />
      ) : null}
    </GridColumns>
  );
}
