// A segmented control named by a visible label: Mantine's SegmentedControl has no label of its own,
// and a screen reader needs the name to say what is being chosen.
import { Input, SegmentedControl, type SegmentedControlProps, Stack } from '@mantine/core';
import { useId } from 'react';

export function LabelledSegmentedControl({ label, ...props }: SegmentedControlProps & { label: string }) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Input.Label id={id}>{label}</Input.Label>
      <SegmentedControl aria-labelledby={id} {...props} />
    </Stack>
  );
}
