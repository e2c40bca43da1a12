import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { isChunkLoadError } from '@/app/errors/chunkErrors';
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

  it('fails as a chunk load error when the download outlasts the script load timeout', async () => {
    const never = () => new Promise<typeof pageModule>(() => {});
    const Page = lazyPage(never, { timeoutMs: 20 });
    const failure = await Page.preload().catch((err: unknown) => err);
    expect(isChunkLoadError(failure)).toBe(true);
  });
});
