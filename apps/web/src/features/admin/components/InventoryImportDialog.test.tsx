import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { InventoryImportDialog } from './InventoryImportDialog';

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

const CSV = 'name,player,year\n2018 Topps Chrome Shohei Ohtani #150,Shohei Ohtani,2018';

describe('importing inventory from a CSV', () => {
  it('asks for the CSV by the contract rule and sends nothing', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({});
    renderWithProviders(<InventoryImportDialog onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check file (dry run)' }));
    expect(await screen.findByText('Paste the CSV or choose a file')).toBeDefined();
    expect(screen.getByLabelText('Or paste the CSV').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: /^Import/ })).toHaveProperty('disabled', true);
    expect(calls).toHaveLength(0);
  });

  it('checks the pasted CSV, then imports that same CSV', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({
      'POST /api/admin/inventory/import': [
        { body: { dryRun: true, rows: 1, errors: [], imported: 0 } },
        { body: { dryRun: false, rows: 1, errors: [], imported: 1 } },
      ],
    });
    renderWithProviders(<InventoryImportDialog onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Or paste the CSV'), { target: { value: CSV } });
    await userEvent.click(screen.getByRole('button', { name: 'Check file (dry run)' }));
    expect(await screen.findByText(/1 row checked, no problems/)).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 cards' }));
    expect(await screen.findByText('Imported 1 cards.')).toBeDefined();
    expect(calls.map((c) => JSON.parse(String(c.body)) as unknown)).toEqual([
      { csv: CSV, dryRun: true },
      { csv: CSV, dryRun: false },
    ]);
  });

  it('drops the passed check once the CSV changes', { timeout: 30_000 }, async () => {
    fakeFetch({
      'POST /api/admin/inventory/import': [
        { body: { dryRun: true, rows: 1, errors: [], imported: 0 } },
      ],
    });
    renderWithProviders(<InventoryImportDialog onClose={() => {}} />);
    const csv = screen.getByLabelText('Or paste the CSV');
    fireEvent.change(csv, { target: { value: CSV } });
    await userEvent.click(screen.getByRole('button', { name: 'Check file (dry run)' }));
    expect(await screen.findByRole('button', { name: 'Import 1 cards' })).toBeDefined();
    await userEvent.type(csv, 'x');
    expect(screen.queryByText(/no problems/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Import/ })).toHaveProperty('disabled', true);
  });
});
