// Every saved version of a document, newest first: its number, date and author, the one in force
// marked, each opening read-only.
import { formatDateTime, MSG, type TermsDocument, type TermsVersion } from '@bridge-talk/contract';
import { Button, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../shared/ui/data-table.js';
import { LoadError } from '../../../shared/ui/load-error.js';
import { StatusBadge } from '../../../shared/ui/status-badge.js';
import { useTermsVersions } from '../api/list-terms-versions.js';
import { DOCUMENT_TEXTS } from '../terms-document.js';

export function TermsVersions({ document }: { document: TermsDocument }) {
  const versions = useTermsVersions(document);
  const inForce = versions.data?.versions[0]?._id;
  const columns: Column<TermsVersion>[] = [
    {
      key: 'version',
      header: MSG.terms.columnVersion,
      render: (v) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{v.version}</Text>
          {v._id === inForce && <StatusBadge color="green">{MSG.terms.inForce}</StatusBadge>}
        </Group>
      ),
    },
    {
      key: 'date',
      header: MSG.terms.columnDate,
      render: (v) => (
        <Text size="sm" component="time" dateTime={v.updatedAt}>
          {formatDateTime(v.updatedAt)}
        </Text>
      ),
    },
    {
      key: 'author',
      header: MSG.terms.columnAuthor,
      fullText: (v) => v.author ?? MSG.terms.authorRemoved,
      render: (v) =>
        v.author ?? (
          <Text span c="dimmed" fs="italic" size="sm">
            {MSG.terms.authorRemoved}
          </Text>
        ),
    },
    {
      key: 'view',
      action: true,
      header: MSG.columns.view,
      render: (v) => (
        <Button
          component={Link}
          to={`/terms-conditions/versions/${v._id}`}
          variant="subtle"
          size="compact-sm"
          aria-label={MSG.terms.viewVersion(v.version)}
        >
          {MSG.columns.view}
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby={`versions-${document}`}>
      <Title order={2} size="h4" mb="sm" id={`versions-${document}`}>
        {MSG.terms.versionsTitle}
      </Title>
      {versions.isError ? (
        <LoadError onRetry={() => void versions.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          rows={versions.data?.versions}
          rowKey={(v) => v._id}
          loading={versions.isPending}
          caption={MSG.terms.versionsCaption(DOCUMENT_TEXTS[document].label)}
          emptyText={DOCUMENT_TEXTS[document].notPublished}
        />
      )}
    </section>
  );
}
