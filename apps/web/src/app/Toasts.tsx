import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@grail/contract';
import { useThemeMode } from '@/lib/theme';

/** Loaded on demand by App: see lib/toast.ts. */
export default function Toasts() {
  const { mode } = useThemeMode();
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme={mode} />;
}
