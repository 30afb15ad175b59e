// The field for an e-mailed verification code: spaced, upper-case and monospaced, so that each
// character stands apart as it does in the e-mail. A code copied from an e-mail often brings spaces
// or a line break with it: they are dropped as typed or pasted, so ' eungr4 ' is the code 'EUNGR4'
// and not five characters and a space cut at the field's length. (A native maxLength would cut the
// paste before the spaces are dropped: the length is kept here, after them.)
import { VERIFICATION_CODE_LENGTH } from '@bridge-talk/contract';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, forwardRef } from 'react';

const CODE_INPUT_STYLES: TextInputProps['styles'] = {
  input: {
    letterSpacing: '0.4em',
    textTransform: 'uppercase',
    fontFamily: 'monospace',
    fontSize: 20,
  },
};

export const CodeInput = forwardRef<HTMLInputElement, Omit<TextInputProps, 'styles' | 'maxLength'>>(
  function CodeInput({ onChange, ...props }, ref) {
    const dropSpaces = (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const kept = input.value.replace(/\s+/g, '').slice(0, VERIFICATION_CODE_LENGTH);
      if (kept !== input.value) input.value = kept;
      onChange?.(event);
    };
    return (
      <TextInput
        ref={ref}
        autoComplete="one-time-code"
        spellCheck={false}
        autoCapitalize="characters"
        {...props}
        onChange={dropSpaces}
        styles={CODE_INPUT_STYLES}
      />
    );
  },
);
