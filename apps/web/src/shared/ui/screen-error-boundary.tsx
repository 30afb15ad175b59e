// What a screen shows when its code cannot be downloaded (a dropped connection, or a new release that
// removed the old chunks) or it fails to render: a message and a reload, instead of a blank page.
// Given `resetKey` (the page frame passes the address), the boundary clears when the user goes to
// another address, so the menu keeps working; a screen whose code failed to download stays failed until
// the reload (React.lazy keeps the failure), which is what the message offers.
import { MSG } from '@bridge-talk/contract';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  resetKey?: string;
}

interface State {
  failed: boolean;
  /** The address the state is of: a new one starts unfailed. */
  key: string | undefined;
}

export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center py={80} role="alert">
        <Stack align="center" gap="sm">
          <Title order={1}>{MSG.extra.screenFailed}</Title>
          <Text c="dimmed">{MSG.extra.screenFailedHint}</Text>
          <Button onClick={() => window.location.reload()}>{MSG.extra.reload}</Button>
        </Stack>
      </Center>
    );
  }
}
