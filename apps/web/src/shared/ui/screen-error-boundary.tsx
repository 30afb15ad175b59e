// What a screen shows when its code cannot be downloaded (a dropped connection, or a new release that
// removed the old chunks) or it fails to render: a message and a reload, instead of a blank page.
// Given `resetKey` (the page frame passes the address), a failed screen is tried again when it changes.
import { MSG } from '@bridge-talk/contract';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  resetKey?: string;
}

export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
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
