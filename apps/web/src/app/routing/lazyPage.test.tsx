import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyPage } from './lazyPage';

const pageModule = { default: () => <p>The page</p> };

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the Loading... fallback', async () => {
    const Page = lazyPage(() => Promise.resolve(pageModule));
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the fallback while a page that was not preloaded downloads', async () => {
    const Page = lazyPage(() => Promise.resolve(pageModule));
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('The page')).toBeTruthy();
  });
});
