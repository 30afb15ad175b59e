// /terms-conditions: the two documents the administrator keeps, each in a tab — the terms of use and
// the privacy policy (`?document=privacy`, so a reload keeps the tab). Each shows the version in force
// — when it was last updated, the (sanitised) text, the version — and Edit, then every saved version,
// each opening read-only; while none exist, an illustration and the way to write the first one. The
// editor opens with a page load: the server serves it under the policy its editor needs (inline
// styles), and no other screen.
import { formatFullDate, MSG, TERMS_DOCUMENTS, type TermsDocument } from '@bridge-talk/contract';
import { Button, Group, Paper, ScrollArea, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../shared/ui/load-error.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useLatestTerms } from './api/get-latest-terms.js';
import { EmptyTermsIllustration } from './components/empty-terms-illustration.js';
import { TermsContent } from './components/terms-content.js';
import { TermsVersions } from './components/terms-versions.js';
import { DOCUMENT_TEXTS, documentOf, withDocument } from './terms-document.js';

export function TermsPage() {
  const [search, setSearch] = useSearchParams();
  const document = documentOf(search);
  const terms = useLatestTerms(document);
  const editTo = terms.data ? withDocument(`/terms-conditions/${terms.data._id}`, document) : null;
  return (
    <>
      <PageHeader
        title={MSG.nav.termsAndConditions}
        actions={
          editTo && (
            <Button component={Link} reloadDocument to={editTo} leftSection={<IconPencil size={16} />}>
              {MSG.common.edit}
            </Button>
          )
        }
      />
      <Tabs
        value={document}
        onChange={(value) => setSearch(value === 'privacy' ? { document: 'privacy' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {TERMS_DOCUMENTS.map((d) => (
            <Tabs.Tab key={d} value={d}>
              {DOCUMENT_TEXTS[d].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TERMS_DOCUMENTS.map((d) => (
          <Tabs.Panel key={d} value={d}>
            <DocumentInForce document={d} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

function DocumentInForce({ document }: { document: TermsDocument }) {
  const terms = useLatestTerms(document);
  if (terms.isError) return <LoadError onRetry={() => void terms.refetch()} />;
  return (
    <LoadingOverlay visible={terms.isPending}>
      {terms.data === null && (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" py="xl">
            <EmptyTermsIllustration />
            <Text fw={600}>{DOCUMENT_TEXTS[document].notPublished}</Text>
            <Button component={Link} reloadDocument to={withDocument('/terms-conditions/new', document)}>
              {DOCUMENT_TEXTS[document].writeFirst}
            </Button>
          </Stack>
        </Paper>
      )}
      {terms.data && (
        <Stack maw={960} gap="xl">
          <Stack>
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
          <TermsVersions document={document} />
        </Stack>
      )}
    </LoadingOverlay>
  );
}
