// The administrator's choice whether every admin must have a second factor, under the admins list.
// A change is confirmed first: switched on, admins without one are stopped at their next sign-in.
import { MSG } from '@bridge-talk/contract';
import { Paper, Stack, Switch, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { refusalMessage } from '../../../shared/api/refusal-message.js';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.js';
import { LoadError } from '../../../shared/ui/load-error.js';
import { notify } from '../../../shared/ui/notify.js';
import { useSecondFactorPolicy, useSetSecondFactorPolicy } from '../api/second-factors.js';

export function SecondFactorPolicySetting() {
  const policy = useSecondFactorPolicy();
  const save = useSetSecondFactorPolicy();
  const [asking, setAsking] = useState<boolean | null>(null);
  useEffect(() => {
    if (policy.isError) notify.error(MSG.secondFactor.policyLoadFailed);
  }, [policy.isError]);

  return (
    <Paper withBorder p="xl" radius="md" maw={760} mt="lg" component="section" aria-labelledby="admin-2fa">
      <Stack gap="sm">
        <Title order={2} size="h4" id="admin-2fa">
          {MSG.secondFactor.policyTitle}
        </Title>
        {policy.isError ? (
          <LoadError onRetry={() => void policy.refetch()} />
        ) : (
          <Switch
            label={MSG.secondFactor.policyRequired}
            description={MSG.secondFactor.policyHelp}
            checked={policy.data?.requiredForAdmins ?? false}
            disabled={policy.isPending || save.isPending}
            onChange={(event) => setAsking(event.currentTarget.checked)}
          />
        )}
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        message={asking ? MSG.secondFactor.policyOnConfirm : MSG.secondFactor.policyOffConfirm}
        destructive={asking === false}
        onCancel={() => setAsking(null)}
        onConfirm={async () => {
          try {
            const answer = await save.mutateAsync({ requiredForAdmins: asking === true });
            notify.success(answer.message);
          } catch (error) {
            notify.error(refusalMessage(error, MSG.common.somethingWrong));
          } finally {
            setAsking(null);
          }
        }}
      />
    </Paper>
  );
}
