// A contract date, kept as YYYY-MM-DD. Typed as digits, the dashes are placed as the digits reach them;
// typed the American way with slashes (06/01/2025, 6/1/2025), it becomes 2025-06-01 once the year is
// whole; and a calendar button opens the browser's own date picker. Works with react-hook-form's
// Controller.
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, useRef } from 'react';
import './contract-date-input.css';

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export function formatContractDateInput(input: string): string {
  // Slashes after a month (not after a year, 2026/01/15) are the American order.
  if (input.includes('/') && !/^\s*\d{4}/.test(input)) {
    const typed = input.replace(/[^\d/]/g, '').slice(0, 10);
    const us = US_DATE.exec(typed);
    if (!us) return typed;
    const [, month, day, year] = us;
    return `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
  }
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
  function ContractDateInput({ value, onChange, label, ...props }, ref) {
    const picker = useRef<HTMLInputElement>(null);
    const openPicker = () => {
      const input = picker.current;
      if (!input) return;
      input.value = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
      // showPicker() is missing in older browsers: focusing the date field is the next best thing.
      if (typeof input.showPicker === 'function') input.showPicker();
      else input.focus();
    };
    return (
      <TextInput
        ref={ref}
        inputMode="numeric"
        placeholder="YYYY-MM-DD"
        maxLength={10}
        autoComplete="off"
        label={label}
        {...props}
        value={value}
        onChange={(event) => onChange(formatContractDateInput(event.currentTarget.value))}
        rightSectionPointerEvents="all"
        rightSection={
          <>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Choose the ${String(label ?? 'date').toLowerCase()} date`}
              onClick={openPicker}
            >
              <CalendarIcon />
            </ActionIcon>
            <input
              ref={picker}
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              className="contract-date-picker"
              onChange={(event) => {
                if (event.currentTarget.value) onChange(event.currentTarget.value);
              }}
            />
          </>
        }
      />
    );
  },
);

function CalendarIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </svg>
  );
}
