import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { StoreFilters } from './StoreFilters';

// A wide screen: the filters show without the phone's "Filters" button.
beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderFilters = (params: Record<string, string> = {}) => {
  const onChange = vi.fn();
  render(<StoreFilters params={params} onChange={onChange} />);
  return onChange;
};

const choose = (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

describe('store filters', () => {
  it('offers each list with its empty choice first, and the grader list ends with Raw', () => {
    renderFilters();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Grader' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toBe('Any');
    expect(options.at(-1)).toBe('Raw');
    expect(options).toContain('PSA');
  });

  it('puts a picked value in the query, and the empty choice takes it out', () => {
    const onChange = renderFilters({ sport: 'Hockey' });
    choose('Min grade', '9.5');
    expect(onChange).toHaveBeenLastCalledWith({ minGrade: '9.5' });
    choose('Sport', 'All sports');
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
});
