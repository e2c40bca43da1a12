import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
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
  type InventoryImportResponse,
} from '@grail/contract';
import { useImportInventory } from '../api/inventoryApi';

/**
 * A CSV import in two steps: the dry run checks every line and lists each problem by line and
 * column; only a file that passed it can be imported, all of it in one go.
 */
export function InventoryImportDialog({ onClose }: { onClose: () => void }) {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [result, setResult] = useState<InventoryImportResponse | null>(null);
  const run = useImportInventory();
  const check = (dryRun: boolean) =>
    run.mutate({ csv, dryRun, images }, { onSuccess: (answer) => setResult(answer) });
  const passed = result?.dryRun === true && result.errors.length === 0;
  const done = result?.dryRun === false && result.imported > 0;
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
            separated by spaces: https URLs (fetched on import), this site&apos;s stored images, or
            the names of image files chosen below.
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
          {done && <Alert severity="success">Imported {result.imported} cards.</Alert>}
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
