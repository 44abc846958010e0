/**
 * Numeric inputs accept only digits and control keys (spec §5): every other key is blocked
 * at keydown; paste and IME input are cleaned of non-digits as well.
 */
const CONTROL_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Escape',
  'Enter',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Insert',
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'CapsLock',
  // Android virtual keyboards report composed input as these; the input handler cleans it.
  'Unidentified',
  'Process',
]);

/** Editing shortcuts that must keep working (select all, copy, cut, paste, undo, redo). */
const SHORTCUT_KEYS = new Set(['a', 'c', 'v', 'x', 'z', 'y']);

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export function isNumericKeyAllowed(e: KeyLike): boolean {
  if (e.key.length === 1 && e.key >= '0' && e.key <= '9' && !e.altKey) return true;
  if (CONTROL_KEYS.has(e.key)) return true;
  if (/^F\d{1,2}$/.test(e.key)) return true;
  if ((e.ctrlKey || e.metaKey) && SHORTCUT_KEYS.has(e.key.toLowerCase())) return true;
  return false;
}

/** keydown handler: blocks everything but digits and control keys. */
export function numericKeyDown(e: KeyLike & { preventDefault(): void }): void {
  if (!isNumericKeyAllowed(e)) e.preventDefault();
}

export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** Props for any <input> (plain or Mantine) to make it numeric. */
export function numericInputProps(onValue: (digits: string) => void) {
  return {
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    onKeyDown: numericKeyDown,
    onChange: (e: { currentTarget: { value: string } }) => onValue(digitsOnly(e.currentTarget.value)),
  };
}
