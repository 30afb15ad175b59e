// /manage-families/{id}/activity: who opened, exported or changed what in the family, and when, newest
// first. The page lives in the address (?page=), so a reload and a deep link show the same page; a
// family of another entity is 'not found'.
import { MSG } from '@bridge-talk/contract';
import { Alert, Paper, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { useLastPageClamp, useListState } from '../../shared/routing/use-list-state.js';
import { ActivityTable } from '../../shared/ui/activity-table.js';
import { LoadError } from '../../shared/ui/load-error.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useFamilyActivity } from './api/list-family-activity.js';
import { familyCrumbs, familyPagePath, useFamilyOfPage } from './components/family-header.js';

export function FamilyActivityPage() {
  const { id = '' } = useParams();
  const { name } = useFamilyOfPage(id);
  const listState = useListState();
  const { state, go } = listState;
  const list = useFamilyActivity(id, state.page);
  useLastPageClamp(listState, list);
  const missing = list.error instanceof ApiError && [400, 404].includes(list.error.status);

  return (
    <>
      <PageHeader
        title={MSG.activity.familyTitle}
        back={familyPagePath(id)}
        breadcrumbs={familyCrumbs(id, name, MSG.activity.familyTab)}
        info={MSG.activity.familyIntro}
      />
      {missing ? (
        <Alert color="red">{MSG.extra.notFound}</Alert>
      ) : list.isError && !list.data ? (
        <LoadError message={MSG.activity.loadFailed} onRetry={() => void list.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {name || MSG.families.familyDetails}
          </Title>
          <ActivityTable
            caption={MSG.activity.familyTitle}
            data={list.data}
            loading={list.isPending}
            page={state.page}
            onPage={(page) => go({ page })}
          />
        </Paper>
      )}
    </>
  );
}
