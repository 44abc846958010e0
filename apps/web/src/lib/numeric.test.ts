import { describe, expect, it, vi } from 'vitest';
import { digitsOnly, isNumericKeyAllowed, numericKeyDown } from './numeric';

describe('numeric key filter', () => {
  it.each(['0', '5', '9'])('accepts digit %s', (key) => {
    expect(isNumericKeyAllowed({ key })).toBe(true);
  });

  it.each(['Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'F5'])(
    'accepts control key %s',
    (key) => {
      expect(isNumericKeyAllowed({ key })).toBe(true);
    },
  );

  it.each(['a', 'e', 'E', '-', '+', '.', ',', ' ', '²', '٣', 'Dead'])('blocks %s', (key) => {
    expect(isNumericKeyAllowed({ key })).toBe(false);
  });

  it('keeps copy, paste, cut, undo and select-all shortcuts', () => {
    for (const key of ['a', 'c', 'v', 'x', 'z']) {
      expect(isNumericKeyAllowed({ key, ctrlKey: true })).toBe(true);
      expect(isNumericKeyAllowed({ key, metaKey: true })).toBe(true);
    }
    expect(isNumericKeyAllowed({ key: 'b', ctrlKey: true })).toBe(false);
  });

  it('prevents the default action of a blocked key only', () => {
    const blocked = { key: 'x', preventDefault: vi.fn() };
    const allowed = { key: '7', preventDefault: vi.fn() };
    numericKeyDown(blocked);
    numericKeyDown(allowed);
    expect(blocked.preventDefault).toHaveBeenCalledOnce();
    expect(allowed.preventDefault).not.toHaveBeenCalled();
  });

  it('cleans pasted text', () => {
    expect(digitsOnly(' 20-10 6a1.2 ')).toBe('2010612');
    expect(digitsOnly('abc')).toBe('');
  });
});
