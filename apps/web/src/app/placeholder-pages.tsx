// Pages for routes whose feature is not built yet, and the page for an unknown address.
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../shared/ui/page-header.js';

export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl" radius="md">
        <Text>Coming soon: this part of the portal is being built.</Text>
      </Paper>
    </>
  );
}

export function NotFoundPage({ home }: { home: string }) {
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
