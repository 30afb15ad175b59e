// The look of a field for an e-mailed verification code: spaced, upper-case and monospaced, so that
// each character stands apart as it does in the e-mail.
import type { TextInputProps } from '@mantine/core';

export const CODE_INPUT_STYLES: TextInputProps['styles'] = {
  input: {
    letterSpacing: '0.4em',
    textTransform: 'uppercase',
    fontFamily: 'monospace',
    fontSize: 20,
  },
};
