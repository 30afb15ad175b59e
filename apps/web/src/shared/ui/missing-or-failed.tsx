// What a page says in place of the thing it shows when that could not be loaded: not found when the
// server says it is not there (it never was, or the user may not see it), something went wrong else.
import { MSG } from '@bridge-talk/contract';
import { Alert } from '@mantine/core';

export function MissingOrFailed({ missing }: { missing: boolean }) {
  return <Alert color="red">{missing ? MSG.extra.notFound : MSG.common.somethingWrong}</Alert>;
}
