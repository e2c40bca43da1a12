import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AuditDiff } from './AuditDiff';

describe('AuditDiff', () => {
  it('shows only the fields that changed, the old value struck through', () => {
    const { container } = render(
      <AuditDiff
        before={{ fmv: 100, name: 'Same', storePrice: 120 }}
        after={{ fmv: 150, name: 'Same', storePrice: null }}
      />,
    );
    const terms = [...container.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['fmv', 'storePrice']);
    expect(container.querySelector('del')?.textContent).toBe('100');
    expect(container.querySelector('ins')?.textContent).toBe('150');
    expect(screen.getByLabelText('before: 120')).toBeTruthy();
    expect(screen.getByText('null')).toBeTruthy();
  });

  it('shows a value that is not an object whole, and says when nothing was recorded', () => {
    const { container, rerender } = render(<AuditDiff before={null} after="closed" />);
    expect(container.querySelector('dt')?.textContent).toBe('value');
    expect(container.querySelector('ins')?.textContent).toBe('closed');
    expect(container.querySelector('del')).toBeNull();
    rerender(<AuditDiff before={null} after={null} />);
    expect(screen.getByText('No values recorded.')).toBeTruthy();
  });
});
