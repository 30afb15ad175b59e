// The page for an address that does not exist, or is not open to the signed-in role.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../shared/ui/document-title.js';

export function NotFoundPage({ home }: { home: string }) {
  useDocumentTitle('Page not found');
  return (
    <Center py={80}>
      <Stack align="center" gap="sm">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The address you opened does not exist or is not available to your account.</Text>
        <Button component={Link} to={home}>
          Go to the start page
        </Button>
      </Stack>
    </Center>
  );
}
