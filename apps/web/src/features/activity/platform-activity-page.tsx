// /activity (admin): the platform's activity — entity accounts, admin accounts, terms versions — newest
// first. The page lives in the address, so a reload, a deep link and Back show the same page.
import { MSG } from '@bridge-talk/contract';
import { useLastPageClamp, useListState } from '../../shared/routing/use-list-state.js';
import { ActivityTable } from '../../shared/ui/activity-table.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { usePlatformActivity } from './api/list-platform-activity.js';

export function PlatformActivityPage() {
  const listState = useListState();
  const { state, go } = listState;
  const list = usePlatformActivity(state.page);
  useLastPageClamp(listState, list);

  return (
    <>
      <PageHeader title={MSG.activity.platformTitle} info={MSG.activity.platformIntro} />
      <ActivityTable
        caption={MSG.activity.platformTitle}
        list={list}
        page={state.page}
        onPage={(page) => go({ page })}
      />
    </>
  );
}
