// /manage-families/{id}/activity: who opened, exported or changed what in the family, and when, newest
// first. The page lives in the address (?page=), so a reload and a deep link show the same page; a
// family of another entity is 'not found'.
import { MSG } from '@bridge-talk/contract';
import { useParams } from 'react-router';
import { useLastPageClamp, useListState } from '../../shared/routing/use-list-state.js';
import { ActivityTable } from '../../shared/ui/activity-table.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useFamilyActivity } from './api/list-family-activity.js';
import {
  familyCrumbs,
  familyPagePath,
  isMissingFamily,
  useFamilyOfPage,
} from './components/family-header.js';

export function FamilyActivityPage() {
  const { id = '' } = useParams();
  const { name } = useFamilyOfPage(id);
  const listState = useListState();
  const { state, go } = listState;
  const list = useFamilyActivity(id, state.page);
  useLastPageClamp(listState, list);
  const missing = isMissingFamily(list.error);

  return (
    <>
      <PageHeader
        title={MSG.activity.familyTitle}
        back={familyPagePath(id)}
        breadcrumbs={familyCrumbs(id, name, MSG.activity.familyTab)}
        info={MSG.activity.familyIntro}
      />
      {missing ? (
        <MissingOrFailed missing />
      ) : (
        <ActivityTable
          caption={MSG.activity.familyTitle}
          heading={name || MSG.families.familyDetails}
          list={list}
          page={state.page}
          onPage={(page) => go({ page })}
        />
      )}
    </>
  );
}
