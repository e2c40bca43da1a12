import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreFilters } from './StoreFilters';

const renderFilters = (params: Record<string, string> = {}) => {
  const onChange = vi.fn();
  render(<StoreFilters params={params} onChange={onChange} />);
  return onChange;
};

/** A list's choices, in order. */
const choicesOf = (label: string) =>
  within(screen.getByRole('combobox', { name: label }))
    .getAllByRole('option')
    .map((o) => o.textContent);

const choose = (label: string, option: string) => {
  const list = screen.getByRole('combobox', { name: label });
  return userEvent.selectOptions(list, within(list).getByRole('option', { name: option }));
};

describe('store filters', () => {
  it('offers each list with its empty choice first, and the grader list ends with Raw', () => {
    renderFilters();
    const options = choicesOf('Grader');
    expect(options[0]).toBe('Any');
    expect(options.at(-1)).toBe('Raw');
    expect(options).toContain('PSA');
  });

  it('puts a picked value in the query, and the empty choice takes it out', async () => {
    const onChange = renderFilters({ sport: 'Hockey' });
    await choose('Min grade', '9.5');
    expect(onChange).toHaveBeenLastCalledWith({ minGrade: '9.5' });
    expect(screen.getByRole('combobox', { name: 'Sport' })).toHaveProperty('value', 'Hockey');
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

  it('shows the sort in the URL as its choice, Newest when there is none', async () => {
    const onChange = renderFilters({ sort: 'storePrice', order: 'asc' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getByRole('option', { name: 'Price: low to high', selected: true }));
    await choose('Sort by', 'FMV: high to low');
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'fmv', order: 'desc' });
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
