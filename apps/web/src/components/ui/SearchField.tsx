import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { TextField } from './TextField';

/** How long typing pauses before a search (or a filter typed beside it) applies. */
export const TYPING_PAUSE_MS = 350;

/**
 * The search box of a list whose query lives in the address (the caller owns it): typing applies
 * after a short pause rather than on every key, and the box follows the address when it changes
 * elsewhere (back, "Clear filters"). Named `q`, so the form around it can read it on Enter.
 */
export function SearchField({
  label,
  value,
  onSearch,
  className,
}: {
  label: string;
  /** The search the address holds now. */
  value: string | undefined;
  /** The new search, trimmed; undefined when emptied. */
  onSearch: (q: string | undefined) => void;
  className?: string;
}) {
  const [q, setQ] = useState(value ?? '');
  useEffect(() => setQ(value ?? ''), [value]);
  // The latest callback, so a caller's new function on each render does not restart the pause.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    const trimmed = q.trim();
    if (trimmed === (value ?? '')) return;
    const timer = setTimeout(() => search.current(trimmed || undefined), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q, value]);
  return (
    <div className={className}>
      <TextField
        size="small"
        label={label}
        name="q"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        maxLength={100}
        startAdornment={<Search aria-hidden size={20} />}
      />
    </div>
  );
}
