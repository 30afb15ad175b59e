// A status ('Active', 'Disabled', 'Pending') in a pill tinted with its colour. The text stays dark:
// Mantine's light variant writes green.9 or yellow.9 on the pale tint, under the 4.5:1 contrast that
// small text needs (WCAG 1.4.3).
import { Badge, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export function StatusBadge({ color, children }: { color: MantineColor; children: ReactNode }) {
  return (
    <Badge
      component="span"
      color={color}
      variant="light"
      c="gray.9"
      // Written as every other screen writes a status ('Active', not 'ACTIVE').
      tt="none"
      // Shown whole however narrow its column: a status cut to 'Disab…' says nothing.
      styles={{ root: { minWidth: 'max-content', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {children}
    </Badge>
  );
}
