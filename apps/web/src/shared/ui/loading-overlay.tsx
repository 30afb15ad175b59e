import { Box, LoadingOverlay as MantineLoadingOverlay } from '@mantine/core';
import type { ReactNode } from 'react';

/** Covers its children with a spinner while `visible`. */
export function LoadingOverlay({ visible, children }: { visible: boolean; children?: ReactNode }) {
  return (
    <Box pos="relative" mih={visible ? 120 : undefined}>
      <MantineLoadingOverlay
        visible={visible}
        zIndex={100}
        overlayProps={{ blur: 1 }}
        loaderProps={{ 'aria-label': 'Loading' }}
      />
      {children}
    </Box>
  );
}

/** The whole page while the session is being restored. */
export function FullPageLoader() {
  return (
    <Box pos="fixed" inset={0}>
      <MantineLoadingOverlay visible loaderProps={{ 'aria-label': 'Loading' }} />
    </Box>
  );
}
