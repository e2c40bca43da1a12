import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Card } from './Card';

describe('Card', () => {
  it('as a section is a region named by its title', () => {
    render(
      <Card as="section" title="Provably fair">
        <p>Replay the draw.</p>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Provably fair' }).textContent).toContain(
      'Replay the draw.',
    );
  });

  it('as a div adds no landmark', () => {
    render(<Card title="Totals">rows</Card>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Totals', level: 2 }).textContent).toBe('Totals');
  });
});
