// The live checklist under new-password fields: each rule ticks as the person types.
import { PASSWORD_CHECKS, passwordChecklist } from '@bridge-talk/contract';
import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

export function PasswordChecklist({ password, confirmation }: { password: string; confirmation: string }) {
  const checks = passwordChecklist(password, confirmation);
  return (
    <List spacing={4} size="sm" center aria-label="Password requirements" aria-live="polite">
      {PASSWORD_CHECKS.map(({ key, label }) => (
        <List.Item
          key={key}
          data-met={checks[key]}
          icon={
            <ThemeIcon color={checks[key] ? 'teal' : 'gray'} size={18} radius="xl" aria-hidden>
              {checks[key] ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
          }
        >
          <Text size="sm" c={checks[key] ? 'teal.9' : 'dimmed'}>
            {label}
            <span className="visually-hidden">{checks[key] ? ' (met)' : ' (not met)'}</span>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
