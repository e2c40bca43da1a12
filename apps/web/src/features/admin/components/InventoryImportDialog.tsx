import { useId, useState } from 'react';
import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_IMPORT_MAX_FILES,
  InventoryImportBody,
  type InventoryImportJob,
  type InventoryImportResponse,
} from '@grail/contract';
import {
  Alert,
  Button,
  buttonClass,
  Dialog,
  DialogClose,
  Form,
  FormTextField,
} from '@/components/ui';
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

/** The pasted or chosen CSV, by the contract's rule for an import's text. */
const ImportForm = InventoryImportBody.pick({ csv: true });

/**
 * A CSV import in two steps: the dry run (the form's submit) checks every line and lists each
 * problem by line and column; only the CSV that passed it, unchanged, can be imported, all of it
 * in one go, or, when rows name image URLs, in the background with its progress shown here.
 */
export function InventoryImportDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [images, setImages] = useState<File[]>([]);
  // The last answer and the CSV it is about; any change to the CSV or the images drops it.
  const [checked, setChecked] = useState<{ csv: string; answer: InventoryImportResponse } | null>(
    null,
  );
  const run = useImportInventory();
  const result = checked?.answer ?? null;
  const job = useInventoryImportJob(result?.job?._id ?? null);
  const passed = result?.dryRun === true && result.errors.length === 0;
  const done = result?.dryRun === false && (result.imported > 0 || result.job !== undefined);
  const importChecked = (csv: string) =>
    run.mutate(
      { csv, dryRun: false, images },
      { onSuccess: (answer) => setChecked({ csv, answer }) },
    );
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
          <Button variant="outlined" type="submit" form={formId} disabled={run.isPending || done}>
            Check file (dry run)
          </Button>
          <Button
            variant="contained"
            disabled={!passed || run.isPending}
            onClick={() => checked && importChecked(checked.csv)}
          >
            Import {passed ? `${result.rows} cards` : ''}
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        <Form
          id={formId}
          schema={ImportForm}
          defaultValues={{ csv: '' }}
          onSubmit={async ({ csv }) =>
            setChecked({ csv, answer: await run.mutateAsync({ csv, dryRun: true, images }) })
          }
        >
          {(form) => (
            <>
              <p className={styles.intro}>
                Columns, in any order: {INVENTORY_CSV_COLUMNS.join(', ')}. Money in dollars. Images,
                separated by spaces: https URLs (fetched in the background once the import starts),
                this site&apos;s stored images, or the names of image files chosen below.
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
                    form.setValue('csv', await file.text(), { shouldValidate: true });
                    setChecked(null);
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
                    setChecked(null);
                  }}
                />
              </label>
              {images.length > 0 && (
                <p className={styles.line} aria-live="polite">
                  {images.length} image file{images.length === 1 ? '' : 's'} (at most{' '}
                  {INVENTORY_IMPORT_MAX_FILES}): {images.map((f) => f.name).join(', ')}
                </p>
              )}
              <FormTextField
                name="csv"
                label="Or paste the CSV"
                multiline
                rows={6}
                spellCheck={false}
                onInput={() => setChecked(null)}
                className={styles.csv}
              />
            </>
          )}
        </Form>
        {run.isError && run.variables.dryRun === false && (
          <Alert severity="error">{run.error.message}</Alert>
        )}
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
