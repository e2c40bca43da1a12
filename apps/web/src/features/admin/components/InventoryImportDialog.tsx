import { useState } from 'react';
import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_IMPORT_MAX_FILES,
  type InventoryImportJob,
  type InventoryImportResponse,
} from '@grail/contract';
import { Alert, Button, buttonClass, Dialog, DialogClose, TextField } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { useImportInventory, useInventoryImportJob } from '../api/inventory';
import styles from './InventoryImportDialog.module.css';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const lineOf = (issue: { line: number; column?: string | null; message: string }) =>
  `Line ${issue.line}${issue.column ? `, ${issue.column}` : ''}: ${issue.message}`;

/** A background import (rows with image URLs): rows done of the total, then each failure by line. */
function ImportJobProgress({ job }: { job: InventoryImportJob }) {
  const done = job.imported + job.failed;
  return (
    <div className={styles.stack} data-testid="import-job">
      {job.status === 'running' ? (
        <>
          <Alert severity="info">
            Importing in the background: {done} of {plural(job.total, 'row')} done
            {job.failed > 0 ? ` (${job.failed} failed)` : ''}. You may close this window; the import
            goes on.
          </Alert>
          <progress
            className={styles.progress}
            max={job.total === 0 ? 1 : job.total}
            value={job.total === 0 ? 1 : done}
            aria-label="Import progress"
          />
        </>
      ) : (
        <Alert severity={job.failed > 0 ? 'warning' : 'success'}>
          Imported {plural(job.imported, 'card')}
          {job.failed > 0 ? `; ${plural(job.failed, 'row')} failed` : ''}.
        </Alert>
      )}
      {job.failures.length > 0 && (
        <ul aria-label="Failed rows" className={styles.issues}>
          {job.failures.map((issue) => (
            <li key={issue.line} data-testid="import-failure">
              {lineOf(issue)}
            </li>
          ))}
        </ul>
      )}
    </div>
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
  const fileButton = `${buttonClass({ variant: 'outlined' })} ${styles.fileButton}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Import cards from CSV"
      className={styles.dialog}
      actions={
        <>
          <DialogClose>
            <Button>{done ? 'Close' : 'Cancel'}</Button>
          </DialogClose>
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
        </>
      }
    >
      <div className={styles.stack}>
        <p className={styles.intro}>
          Columns, in any order: {INVENTORY_CSV_COLUMNS.join(', ')}. Money in dollars. Images,
          separated by spaces: https URLs (fetched in the background once the import starts), this
          site&apos;s stored images, or the names of image files chosen below.
        </p>
        <label className={fileButton}>
          Choose a CSV file
          <input
            className={ui.visuallyHidden}
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
        </label>
        {fileName && <p className={styles.line}>{fileName}</p>}
        <label className={fileButton}>
          Choose image files
          <input
            className={ui.visuallyHidden}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            aria-label="Image files"
            onChange={(e) => {
              setImages([...(e.target.files ?? [])].slice(0, INVENTORY_IMPORT_MAX_FILES));
              setResult(null);
            }}
          />
        </label>
        {images.length > 0 && (
          <p className={styles.line} aria-live="polite">
            {images.length} image file{images.length === 1 ? '' : 's'} (at most{' '}
            {INVENTORY_IMPORT_MAX_FILES}): {images.map((f) => f.name).join(', ')}
          </p>
        )}
        <TextField
          label="Or paste the CSV"
          multiline
          rows={6}
          value={csv}
          onChange={(e) => edit(e.target.value)}
          spellCheck={false}
          className={styles.csv}
        />
        {run.isError && <Alert severity="error">{run.error.message}</Alert>}
        {result && result.errors.length > 0 && (
          <Alert severity="error">
            <p className={styles.strong}>
              {result.errors.length} problem{result.errors.length === 1 ? '' : 's'} in {result.rows}{' '}
              row{result.rows === 1 ? '' : 's'}; nothing was written.
            </p>
            <ul aria-label="Problems" className={styles.issues}>
              {result.errors.map((issue, i) => (
                <li key={i} data-testid="import-issue">
                  {lineOf(issue)}
                </li>
              ))}
            </ul>
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
      </div>
    </Dialog>
  );
}
