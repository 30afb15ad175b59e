// A phone field with the (xxx) xxx-xxxx mask of the spec; works with react-hook-form's Controller. The
// mask alone bounds what it holds: a length limit on the input would cut a pasted '+1 555 123 4567' to
// its first 14 characters before the mask could drop the country code.
import { formatPhone } from '@bridge-talk/contract';
import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

export interface PhoneInputProps extends Omit<TextInputProps, 'onChange' | 'value' | 'maxLength'> {
  value: string;
  onChange: (value: string) => void;
}

export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(function PhoneInput(
  { value, onChange, ...props },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(555) 555-5555"
      {...props}
      value={value}
      onChange={(event) => onChange(formatPhone(event.currentTarget.value))}
    />
  );
});
