import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeModeProvider } from '@/lib/theme';
import { StoreFilters } from './StoreFilters';

// The lists' code loads on demand; loaded once up front, no test waits on its first import.
beforeAll(() => import('./FilterSelectMenu'));

const renderFilters = (params: Record<string, string> = {}) => {
  const onChange = vi.fn();
  // The lists are MUI's menu in the app's theme, which follows the theme mode.
  render(
    <ThemeModeProvider>
      <StoreFilters params={params} onChange={onChange} />
    </ThemeModeProvider>,
  );
  return onChange;
};

/** Opens a list (its options load on the first opening) and returns them. */
const openList = async (label: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  return within(await screen.findByRole('listbox', { name: label }));
};

const choose = async (label: string, option: string) => {
  fireEvent.click((await openList(label)).getByRole('option', { name: option }));
};

describe('store filters', () => {
  it('offers each list with its empty choice first, and the grader list ends with Raw', async () => {
    renderFilters();
    const options = (await openList('Grader')).getAllByRole('option').map((o) => o.textContent);
    expect(options[0]).toBe('Any');
    expect(options.at(-1)).toBe('Raw');
    expect(options).toContain('PSA');
  });

  it('puts a picked value in the query, and the empty choice takes it out', async () => {
    const onChange = renderFilters({ sport: 'Hockey' });
    await choose('Min grade', '9.5');
    expect(onChange).toHaveBeenLastCalledWith({ minGrade: '9.5' });
    await choose('Sport', 'All sports');
    expect(onChange).toHaveBeenLastCalledWith({ sport: undefined });
  });

  it('clears the search and every filter at once, and leaves the sort alone', () => {
    const onChange = renderFilters({ q: 'jordan', grader: 'BGS', maxPrice: '50', sort: 'fmv' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith({
      q: undefined,
      sport: undefined,
      grader: undefined,
      minGrade: undefined,
      maxGrade: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });

  it('offers no clearing while nothing is filtered', () => {
    renderFilters({ sort: 'fmv', order: 'desc' });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('opens a list from the keyboard and shows the choice in its field', async () => {
    const onChange = renderFilters({ grader: 'BGS' });
    const grader = screen.getByRole('combobox', { name: 'Grader' });
    expect(grader.textContent).toBe('BGS');
    expect(grader.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(grader, { key: 'ArrowDown' });
    const list = await screen.findByRole('listbox', { name: 'Grader' });
    expect(grader.getAttribute('aria-expanded')).toBe('true');
    expect(grader.getAttribute('aria-controls')).toBe(list.id);
    expect(within(list).getByRole('option', { name: 'BGS', selected: true })).toBeTruthy();
    fireEvent.click(within(list).getByRole('option', { name: 'BGS' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('folds the filters behind a button that says how many are on', () => {
    renderFilters({ sport: 'Hockey', maxPrice: '50' });
    const button = screen.getByRole('button', { name: 'Filters, 2 active' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const filters = document.getElementById(button.getAttribute('aria-controls')!);
    expect(filters?.contains(screen.getByRole('combobox', { name: 'Sport' }))).toBe(true);
  });
});
