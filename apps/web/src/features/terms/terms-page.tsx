// /terms-conditions: the terms in force — when they were last updated, the (sanitised) text, the
// version — and Edit; an illustration while none exist.
import { formatFullDate, MSG } from '@bridge-talk/contract';
import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useLatestTerms } from './api/get-latest-terms.js';
import { EmptyTermsIllustration } from './components/empty-terms-illustration.js';
import { TermsContent } from './components/terms-content.js';

export function TermsPage() {
  const terms = useLatestTerms();
  const editTo = `/terms-conditions/${terms.data?._id ?? 'new'}`;
  return (
    <>
      <PageHeader
        title={MSG.nav.termsAndConditions}
        actions={
          !terms.isPending &&
          !terms.isError && (
            <Button component={Link} to={editTo} leftSection={<IconPencil size={16} />}>
              {MSG.common.edit}
            </Button>
          )
        }
      />
      {terms.isError ? (
        <Alert color="red" title={MSG.common.somethingWrong}>
          <Button variant="light" color="red" onClick={() => void terms.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <LoadingOverlay visible={terms.isPending}>
          {terms.data === null && (
            <Paper withBorder radius="md" p="xl">
              <Stack align="center" gap="sm" py="xl">
                <EmptyTermsIllustration />
                <Text fw={600}>{MSG.extra.termsNotPublished}</Text>
              </Stack>
            </Paper>
          )}
          {terms.data && (
            <Stack maw={960}>
              <Group justify="space-between" align="flex-end">
                <div>
                  <Text size="sm" c="dimmed" fw={600}>
                    {MSG.terms.lastUpdate}
                  </Text>
                  <Text fw={600}>{formatFullDate(terms.data.updatedAt)}</Text>
                </div>
                <TextInput
                  label="Version"
                  value={String(terms.data.version)}
                  readOnly
                  variant="filled"
                  w={120}
                />
              </Group>
              <Paper withBorder radius="md" p="xl">
                <ScrollArea.Autosize mah="calc(100vh - 340px)" type="auto" offsetScrollbars>
                  <TermsContent html={terms.data.content} />
                </ScrollArea.Autosize>
              </Paper>
            </Stack>
          )}
        </LoadingOverlay>
      )}
    </>
  );
}
