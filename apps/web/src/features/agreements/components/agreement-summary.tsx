// The family page's 'Contact agreement' box: each item of the current version with where it stands
// today, or a way to write the first one.
import { AGREEMENT_MSG } from '@bridge-talk/contract';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileDescription, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../../shared/ui/load-error.js';
import { StatusBadge } from '../../../shared/ui/status-badge.js';
import { itemStanding } from '../agreement-labels.js';
import { agreementEditPath, agreementPath } from '../agreement-paths.js';
import { useAgreement } from '../api/agreements.js';

const T = AGREEMENT_MSG;

export function AgreementSummary({ groupId, groupName }: { groupId: string; groupName: string }) {
  const answer = useAgreement(groupId);
  const agreement = answer.data?.agreement;
  const state = { groupName };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="agreement-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="agreement-heading">
          {T.title}
        </Title>
        {answer.isSuccess &&
          (agreement ? (
            <Button
              component={Link}
              to={agreementPath(groupId)}
              state={state}
              variant="default"
              leftSection={<IconFileDescription size={16} />}
            >
              {T.open}
            </Button>
          ) : (
            <Button
              component={Link}
              to={agreementEditPath(groupId)}
              state={state}
              leftSection={<IconPencil size={16} />}
            >
              {T.write}
            </Button>
          ))}
      </Group>
      {answer.isError ? (
        <LoadError onRetry={() => void answer.refetch()} />
      ) : answer.isPending ? (
        <Loader size="sm" aria-label="Loading" />
      ) : !agreement ? (
        <Text c="dimmed">{T.none}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {agreement.items.map((item) => {
            const standing = itemStanding(item, agreement.today, agreement.reminderDays);
            return (
              <Group key={item.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {T.itemTitle(item)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {T.itemSchedule(item)}
                  </Text>
                </Stack>
                <StatusBadge color={standing.color}>{standing.text}</StatusBadge>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
