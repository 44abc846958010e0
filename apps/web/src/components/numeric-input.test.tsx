import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumericInput } from './numeric-input';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <MantineProvider env="test">
      <NumericInput label="NPSN" value={value} onValueChange={setValue} />
    </MantineProvider>
  );
}

describe('<NumericInput>', () => {
  it('blocks non-digit keys and keeps digits and control keys', () => {
    render(<Harness />);
    const input = screen.getByLabelText('NPSN');
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(false); // default prevented
    expect(fireEvent.keyDown(input, { key: '-' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '4' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'ArrowLeft' })).toBe(true);
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('cleans pasted or composed text', () => {
    render(<Harness />);
    const input = screen.getByLabelText('NPSN') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2010-61ab2' } });
    expect(input.value).toBe('2010612');
  });
});
