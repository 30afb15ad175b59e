// A page of its own, outside the signed-in frame: the Bridge Talk name above a centred column (the
// logged-out screens, the public transcript check), after the link that skips to the page's main
// element (which carries MAIN_CONTENT_ID).
import { MSG } from '@bridge-talk/contract';
import { Box, Center, Container, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SkipLink } from './skip-link.js';

export function BrandPage({ width, children }: { width: number; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0" py={48}>
      <SkipLink />
      <Container size={width}>
        <Stack gap="lg">
          <Center>
            <Text fw={800} size="32px" c="blue.8">
              {MSG.frame.productName}
            </Text>
          </Center>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
