import { TextInput, type TextInputProps } from '@mantine/core';
import { numericInputProps } from '../lib/numeric';

/**
 * A Mantine text input that takes digits only (spec §5): other keys are blocked, pasted or
 * composed text is cleaned. The value stays a string (leading zeros of NPSN/NISN matter).
 */
export function NumericInput({
  value,
  onValueChange,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange' | 'onKeyDown' | 'inputMode'> & {
  value: string;
  onValueChange: (digits: string) => void;
}) {
  return <TextInput {...rest} value={value} {...numericInputProps(onValueChange)} />;
}
