// The frame of every logged-out screen: it clears what a previous session left in storage, keeps the
// role taken from the path, and offers the 'Request your access' card.
import { MSG, type Role } from '@bridge-talk/contract';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { clearStorage, storeRole } from '../../../shared/session/storage.js';
import { BrandPage } from '../../../shared/ui/brand-page.js';
import { useDocumentTitle } from '../../../shared/ui/document-title.js';
import { MAIN_CONTENT_ID } from '../../../shared/ui/skip-link.js';
import { TermsLinks } from './terms-modal.js';

export interface LoggedOutLayoutProps {
  /** The role taken from the path (named so as not to read as an ARIA role). */
  userRole: Role;
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** The signup screen shows 'Have an account?' instead. */
  aside?: 'request-access' | 'have-account';
}

export function LoggedOutLayout({
  userRole,
  title,
  subtitle,
  children,
  aside = 'request-access',
}: LoggedOutLayoutProps) {
  useDocumentTitle(title);
  useEffect(() => {
    clearStorage();
    storeRole(userRole);
  }, [userRole]);

  return (
    <BrandPage width={460}>
      <Paper withBorder shadow="sm" p="xl" radius="md" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Title order={1} size="h2" mb={subtitle ? 4 : 'lg'}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" mb="lg">
            {subtitle}
          </Text>
        )}
        {children}
      </Paper>
      {aside === 'request-access' ? (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs">
            <Text fw={700}>{MSG.auth.requestYourAccess}</Text>
            <Text size="sm" c="dimmed">
              An agency or a lawyer without an account? Tell us about you and our team will get in touch.
            </Text>
            <Button component={Link} to="/signup/entity" variant="light">
              Contact form
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs">
            <Text fw={700}>{MSG.auth.haveAnAccount}</Text>
            <Button component={Link} to="/login/entity" variant="light">
              Log in
            </Button>
          </Stack>
        </Paper>
      )}
      <TermsLinks />
    </BrandPage>
  );
}
