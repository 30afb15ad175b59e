// /terms-conditions/versions/{id}: one saved version of the terms or the privacy policy, read-only —
// its number, date and author, its (sanitised) text — with the way to start a new version from it.
import { formatDateTime, MSG } from '@bridge-talk/contract';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useLatestTerms } from './api/get-latest-terms.js';
import { useTerms } from './api/get-terms.js';
import { TermsContent } from './components/terms-content.js';
import { DOCUMENT_TEXTS, withDocument } from './terms-document.js';

export function TermsVersionPage() {
  const { id = '' } = useParams();
  const version = useTerms(id, true);
  const document = version.data?.document ?? 'terms';
  const latest = useLatestTerms(document, { enabled: version.isSuccess });
  const listTo = withDocument('/terms-conditions', document);
  const title = version.data ? MSG.terms.versionTitle(version.data.version) : MSG.nav.termsAndConditions;
  const missing = version.error instanceof ApiError && version.error.status === 404;
  const isLatest = latest.data?._id === id;

  return (
    <>
      <PageHeader
        title={title}
        back={listTo}
        breadcrumbs={[
          { label: MSG.nav.termsAndConditions, to: '/terms-conditions' },
          ...(version.data ? [{ label: DOCUMENT_TEXTS[document].label, to: listTo }] : []),
          { label: title },
        ]}
        actions={
          version.data && (
            <Button
              component={Link}
              reloadDocument
              to={withDocument(`/terms-conditions/${id}`, document)}
              leftSection={<IconPencil size={16} />}
              variant={isLatest ? 'filled' : 'default'}
            >
              {isLatest ? MSG.common.edit : MSG.terms.editFromVersion}
            </Button>
          )
        }
      />
      {version.isError ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={version.isPending}>
          {version.data && (
            <Stack maw={960}>
              {!isLatest && latest.isSuccess && (
                <Alert color="blue" variant="light">
                  {MSG.terms.readOnlyNote}
                </Alert>
              )}
              <Group gap="xl">
                <div>
                  <Text size="sm" c="dimmed" fw={600}>
                    {MSG.terms.columnDate}
                  </Text>
                  <Text fw={600}>{formatDateTime(version.data.updatedAt)}</Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed" fw={600}>
                    {MSG.terms.columnAuthor}
                  </Text>
                  <Text fw={600} dir="auto">
                    {version.data.author ?? MSG.terms.authorRemoved}
                  </Text>
                </div>
              </Group>
              <Paper withBorder radius="md" p="xl">
                <TermsContent html={version.data.content} />
              </Paper>
            </Stack>
          )}
        </LoadingOverlay>
      )}
    </>
  );
}
