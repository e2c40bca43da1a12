import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import UiGalleryPage from './UiGalleryPage';

describe('/dev/ui', () => {
  it('shows every shared component once per theme', () => {
    render(
      <MemoryRouter>
        <UiGalleryPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain(
      'Dark',
    );
    for (const name of ['Button', 'Fields', 'Form', 'Overlays', 'Tabs']) {
      expect(screen.getAllByRole('heading', { name })).toHaveLength(2);
    }
    expect(screen.getAllByRole('table', { name: 'Recent sales' })).toHaveLength(2);
  });
});
