// What a page (or a part of one) shows when its data could not be loaded: the message and a way to
// ask again, instead of a blank space.
import { MSG } from '@bridge-talk/contract';
import { Alert, Button } from '@mantine/core';

export function LoadError({
  onRetry,
  message = MSG.common.somethingWrong,
}: {
  onRetry: () => void;
  /** What the server said, when it said something more precise (too many attempts, say). */
  message?: string;
}) {
  return (
    <Alert color="red" variant="light" title={message}>
      <Button variant="light" color="red" onClick={onRetry}>
        {MSG.common.tryAgain}
      </Button>
    </Alert>
  );
}
