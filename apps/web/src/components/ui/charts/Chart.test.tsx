import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BarChart, LineChart } from './Chart';
import { ticks } from './scale';

describe('charts', () => {
  it('draws stacked bars on one axis and beside ones on another, named for screen readers', () => {
    const { container } = render(
      <BarChart
        label="Revenue, chart"
        categories={['2026-11-01', '2026-11-02']}
        series={[
          { label: 'Store', values: [10, 0], stack: 'sales' },
          { label: 'Packs', values: [5, 20], stack: 'sales' },
          { label: 'Top-ups', values: [null, 7] },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Revenue, chart' })).toBeTruthy();
    // A zero or missing value draws no bar.
    const bars = [...container.querySelectorAll('rect')];
    expect(bars.map((b) => b.querySelector('title')?.textContent)).toEqual([
      'Store, 2026-11-01: 10',
      'Packs, 2026-11-01: 5',
      'Packs, 2026-11-02: 20',
      'Top-ups, 2026-11-02: 7',
    ]);
    // Packs of the first day sit on top of its store sales.
    const [store, packs] = bars;
    expect(Number(packs!.getAttribute('y')) + Number(packs!.getAttribute('height'))).toBeCloseTo(
      Number(store!.getAttribute('y')),
    );
  });

  it('leaves a gap in a line where a value is missing, with a point for each value', () => {
    const { container } = render(
      <LineChart
        label="Compliance, chart"
        categories={['w1', 'w2', 'w3', 'w4']}
        left={{ max: 100, format: (v) => `${v}%` }}
        series={[{ label: 'On time', values: [50, null, 80, 90] }]}
      />,
    );
    const path = container.querySelector('path')!.getAttribute('d')!;
    expect(path.match(/M/g)).toHaveLength(2);
    expect(container.querySelectorAll('circle')).toHaveLength(3);
    expect(screen.getByText('100%')).toBeTruthy();
  });

  it('rounds an axis up to about five even ticks', () => {
    expect(ticks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(ticks(250)).toEqual([0, 100, 200, 300]);
    expect(ticks(0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});
