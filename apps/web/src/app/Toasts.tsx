import { ToastContainer } from 'react-toastify/unstyled';
import toastStylesUrl from 'react-toastify/dist/ReactToastify.css?url';
import { TOAST_AUTO_CLOSE_MS } from '@grail/contract';
import { useThemeMode } from '@/lib/theme';

/**
 * Loaded on demand by App: see lib/toast.ts. Its stylesheet is a file of its own, fetched with the
 * first toast, rather than part of the styles every page carries in its HTML; React holds the
 * toasts back until it has loaded. The unstyled entry: the default one inserts that stylesheet as a
 * style element, which the security policy refuses (no 'unsafe-inline').
 */
export default function Toasts() {
  const { mode } = useThemeMode();
  return (
    <>
      <link rel="stylesheet" href={toastStylesUrl} precedence="toasts" />
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme={mode} />
    </>
  );
}
