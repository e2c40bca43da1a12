import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Table } from './Table';

const cards = [
  { id: 'a', name: 'Luka Doncic Prizm', late: true },
  { id: 'b', name: 'Victor Wembanyama Optic', late: false },
];

describe('Table', () => {
  it('gives each row the attributes rowProps answers for it', () => {
    render(
      <Table
        label="Cards"
        rows={cards}
        rowKey={(card) => card.id}
        columns={[{ key: 'name', title: 'Name', cell: (card) => card.name }]}
        rowProps={(card) => ({ 'data-testid': card.late ? 'late-card' : 'card' })}
      />,
    );
    const late = screen.getByTestId('late-card');
    expect(late.tagName).toBe('TR');
    expect(within(late).getByRole('cell').textContent).toBe('Luka Doncic Prizm');
    expect(screen.getByTestId('card').textContent).toBe('Victor Wembanyama Optic');
  });
});
