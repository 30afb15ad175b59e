// A contract date typed as YYYY-MM-DD: digits only, the dashes placed as the
// digits reach them, at most 10 characters. Works with react-hook-form's Controller.
import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

export function formatContractDateInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

export interface ContractDateInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
}

export const ContractDateInput = forwardRef<HTMLInputElement, ContractDateInputProps>(
  function ContractDateInput({ value, onChange, ...props }, ref) {
    return (
      <TextInput
        ref={ref}
        inputMode="numeric"
        placeholder="YYYY-MM-DD"
        maxLength={10}
        autoComplete="off"
        {...props}
        value={value}
        onChange={(event) => onChange(formatContractDateInput(event.currentTarget.value))}
      />
    );
  },
);
