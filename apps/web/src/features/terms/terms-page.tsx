// /terms-conditions: the terms in force — when they were last updated, the (sanitised) text, the
// version — and Edit; while none exist, an illustration and the way to write the first ones. The
// editor opens with a page load: the server serves it under the policy its editor needs (inline
// styles), and no other screen.
import { formatFullDate, MSG } from '@bridge-talk/contract';
import { Button, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../shared/ui/load-error.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useLatestTerms } from './api/get-latest-terms.js';
import { EmptyTermsIllustration } from './components/empty-terms-illustration.js';
import { TermsContent } from './components/terms-content.js';

export function TermsPage() {
  const terms = useLatestTerms();
  return (
    <>
      <PageHeader
        title={MSG.nav.termsAndConditions}
        actions={
          terms.data && (
            <Button
              component={Link}
              reloadDocument
              to={`/terms-conditions/${terms.data._id}`}
              leftSection={<IconPencil size={16} />}
            >
              {MSG.common.edit}
            </Button>
          )
        }
      />
      {terms.isError ? (
        <LoadError onRetry={() => void terms.refetch()} />
      ) : (
        <LoadingOverlay visible={terms.isPending}>
          {terms.data === null && (
            <Paper withBorder radius="md" p="xl">
              <Stack align="center" gap="sm" py="xl">
                <EmptyTermsIllustration />
                <Text fw={600}>{MSG.extra.termsNotPublished}</Text>
                <Button component={Link} reloadDocument to="/terms-conditions/new">
                  {MSG.extra.writeFirstTerms}
                </Button>
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
