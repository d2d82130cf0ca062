import IconButton from '@mui/joy/IconButton';
import Input from '@mui/joy/Input';
import { useEffect, useState } from 'react';

/** How long typing must pause before a search is applied. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search bar of the lists: answers every keystroke, and calls `onSearch` once typing pauses
 * (trimmed). `value` is the applied search (from the URL): when back or forward changes it, the
 * box follows.
 */
export function SearchBar({
  value,
  onSearch,
  label,
  clearLabel,
  placeholder = label,
  minWidth = 260,
}: {
  value: string;
  onSearch: (search: string) => void;
  label: string;
  clearLabel: string;
  placeholder?: string;
  minWidth?: number;
}) {
  const [typed, setTyped] = useState(value);
  // State that tracks a prop: set during render (React's pattern), not in an effect.
  const [applied, setApplied] = useState(value);
  // The search this box asked for: when it lands in `value` (the list may show its rows before the
  // URL renders), what was typed since stays in the box.
  const [sent, setSent] = useState<string | null>(null);
  if (applied !== value) {
    setApplied(value);
    if (value === sent) setSent(null);
    else setTyped(value);
  }
  useEffect(() => {
    if (typed.trim() === value) return;
    const timer = setTimeout(() => {
      setSent(typed.trim());
      onSearch(typed.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, onSearch]);

  return (
    <Input
      type="search"
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      placeholder={placeholder}
      slotProps={{ input: { 'aria-label': label } }}
      endDecorator={
        typed !== '' ? (
          <IconButton size="sm" variant="plain" aria-label={clearLabel} onClick={() => setTyped('')}>
            ×
          </IconButton>
        ) : undefined
      }
      sx={{ minWidth: { xs: '100%', sm: minWidth } }}
    />
  );
}
