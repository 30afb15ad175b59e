// The administrator's reset of another account's second factor (a lost phone), after a confirmation
// that names the account. Recorded by the server in the platform activity.
import { MSG } from '@bridge-talk/contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { refusalMessage } from '../../../shared/api/refusal-message.js';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.js';
import { notify } from '../../../shared/ui/notify.js';
import { useResetSecondFactor } from '../api/second-factors.js';

export function ResetSecondFactorButton({ userId, name }: { userId: string; name: string }) {
  const reset = useResetSecondFactor();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="default" color="red" onClick={() => setAsking(true)}>
        {MSG.secondFactor.resetButton}
      </Button>
      <ConfirmDialog
        opened={asking}
        message={MSG.secondFactor.resetConfirm(name)}
        confirmLabel={MSG.secondFactor.resetButton}
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          try {
            notify.success((await reset.mutateAsync(userId)).message);
          } catch (error) {
            notify.error(refusalMessage(error, MSG.common.somethingWrong));
          } finally {
            setAsking(false);
          }
        }}
      />
    </>
  );
}
