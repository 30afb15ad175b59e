// The buttons under a form that edits one thing: back to where it is shown, without saving, and submit.
import { MSG } from '@bridge-talk/contract';
import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface FormActionsProps {
  /** Where Back goes. */
  back: string;
  submitLabel: ReactNode;
  submitting: boolean;
  mt?: MantineSpacing;
}

export function FormActions({ back, submitLabel, submitting, mt }: FormActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button component={Link} to={back} variant="default">
        {MSG.common.back}
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
