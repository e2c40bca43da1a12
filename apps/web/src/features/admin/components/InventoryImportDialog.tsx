import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_IMPORT_MAX_FILES,
  type InventoryImportJob,
  type InventoryImportResponse,
} from '@grail/contract';
import { useImportInventory, useInventoryImportJob } from '../api/inventory';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A background import (rows with image URLs): rows done of the total, then each failure by line. */
function ImportJobProgress({ job }: { job: InventoryImportJob }) {
  const done = job.imported + job.failed;
  return (
    <Stack spacing={1} data-testid="import-job">
      {job.status === 'running' ? (
        <>
          <Alert severity="info" aria-live="polite">
            Importing in the background: {done} of {plural(job.total, 'row')} done
            {job.failed > 0 ? ` (${job.failed} failed)` : ''}. You may close this window; the import
            goes on.
          </Alert>
          <LinearProgress
            variant="determinate"
            value={job.total === 0 ? 100 : (100 * done) / job.total}
            aria-label="Import progress"
          />
        </>
      ) : (
        <Alert severity={job.failed > 0 ? 'warning' : 'success'} role="status">
          Imported {plural(job.imported, 'card')}
          {job.failed > 0 ? `; ${plural(job.failed, 'row')} failed` : ''}.
        </Alert>
      )}
      {job.failures.length > 0 && (
        <List dense aria-label="Failed rows" sx={{ maxHeight: 240, overflowY: 'auto' }}>
          {job.failures.map((issue) => (
            <ListItem key={issue.line} disableGutters data-testid="import-failure">
              <ListItemText
                primary={`Line ${issue.line}${issue.column ? `, ${issue.column}` : ''}: ${issue.message}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * A CSV import in two steps: the dry run checks every line and lists each problem by line and
 * column; only a file that passed it can be imported, all of it in one go, or, when rows name
 * image URLs, in the background with its progress shown here.
 */
export function InventoryImportDialog({ onClose }: { onClose: () => void }) {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [result, setResult] = useState<InventoryImportResponse | null>(null);
  const run = useImportInventory();
  const check = (dryRun: boolean) =>
    run.mutate({ csv, dryRun, images }, { onSuccess: (answer) => setResult(answer) });
  const job = useInventoryImportJob(result?.job?._id ?? null);
  const passed = result?.dryRun === true && result.errors.length === 0;
  const done = result?.dryRun === false && (result.imported > 0 || result.job !== undefined);
  const edit = (text: string) => {
    setCsv(text);
    setResult(null);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="inventory-import-title">
      <DialogTitle id="inventory-import-title">Import cards from CSV</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Columns, in any order: {INVENTORY_CSV_COLUMNS.join(', ')}. Money in dollars. Images,
            separated by spaces: https URLs (fetched in the background once the import starts), this
            site&apos;s stored images, or the names of image files chosen below.
          </DialogContentText>
          <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
            Choose a CSV file
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                setFileName(file.name);
                edit(await file.text());
              }}
            />
          </Button>
          {fileName && <Typography variant="body2">{fileName}</Typography>}
          <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
            Choose image files
            <input
              hidden
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              aria-label="Image files"
              onChange={(e) => {
                setImages([...(e.target.files ?? [])].slice(0, INVENTORY_IMPORT_MAX_FILES));
                setResult(null);
              }}
            />
          </Button>
          {images.length > 0 && (
            <Typography variant="body2" aria-live="polite" sx={{ overflowWrap: 'anywhere' }}>
              {images.length} image file{images.length === 1 ? '' : 's'} (at most{' '}
              {INVENTORY_IMPORT_MAX_FILES}): {images.map((f) => f.name).join(', ')}
            </Typography>
          )}
          <TextField
            label="Or paste the CSV"
            multiline
            minRows={4}
            maxRows={12}
            value={csv}
            onChange={(e) => edit(e.target.value)}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          {run.isError && <Alert severity="error">{run.error.message}</Alert>}
          {result && result.errors.length > 0 && (
            <Alert severity="error" role="alert">
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {result.errors.length} problem{result.errors.length === 1 ? '' : 's'} in{' '}
                {result.rows} row{result.rows === 1 ? '' : 's'}; nothing was written.
              </Typography>
              <List dense aria-label="Problems" sx={{ maxHeight: 240, overflowY: 'auto' }}>
                {result.errors.map((issue, i) => (
                  <ListItem key={i} disableGutters data-testid="import-issue">
                    <ListItemText
                      primary={`Line ${issue.line}${issue.column ? `, ${issue.column}` : ''}: ${issue.message}`}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            </Alert>
          )}
          {passed && (
            <Alert severity="success">
              {result.rows} row{result.rows === 1 ? '' : 's'} checked, no problems. Ready to import.
            </Alert>
          )}
          {done && result.job === undefined && (
            <Alert severity="success">Imported {result.imported} cards.</Alert>
          )}
          {result?.job && <ImportJobProgress job={job.data ?? result.job} />}
          {job.isError && <Alert severity="error">{job.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{done ? 'Close' : 'Cancel'}</Button>
        <Button
          variant="outlined"
          disabled={!csv.trim() || run.isPending || done}
          onClick={() => check(true)}
        >
          Check file (dry run)
        </Button>
        <Button
          variant="contained"
          disabled={!passed || run.isPending}
          onClick={() => check(false)}
        >
          Import {passed ? `${result.rows} cards` : ''}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
