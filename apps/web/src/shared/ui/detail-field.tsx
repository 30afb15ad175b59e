// A read-only field of a details page: labelled like the form it shows, but its value wraps — a long
// address or an unbroken e-mail stays whole on a phone — and takes the direction of its own text, so a
// Hebrew or Arabic name reads right to left.
import { Textarea } from '@mantine/core';

export function DetailField({ label, value }: { label: string; value: string }) {
  return (
    <Textarea
      label={label}
      value={value}
      readOnly
      variant="filled"
      autosize
      minRows={1}
      // On the textarea itself: the direction of a wrapper around it never reads a field's value.
      attributes={{ input: { dir: 'auto' } }}
      styles={{ input: { overflowWrap: 'anywhere', resize: 'none' } }}
    />
  );
}
