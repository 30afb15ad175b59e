// The signed-in frame: a 76 px header with the user's avatar menu and a 290 px side menu of the role.
// Below 1024 px (a tablet, a phone) the side menu is a drawer behind the header's menu button, so the
// page has the whole width; it closes on a choice, on Escape and on a click outside it. Its first
// focusable element is the link that skips to the main content.
import { MSG } from '@bridge-talk/contract';
import { AppShell, Avatar, Box, Burger, Group, Menu, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside, useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AgreementsDueBadge } from '../features/agreements/index.js';
import { endServerSession } from '../features/auth/api/logout.js';
import { OpenReportsBadge } from '../features/reports/index.js';
import { UnsavedChangesGuard } from '../shared/forms/unsaved-changes.js';
import { useLeaveSession } from '../shared/session/leave-session.js';
import { useSessionUser } from '../shared/session/session-provider.js';
import {
  ABOVE_TOASTS_Z_INDEX,
  DRAWER_BREAKPOINT,
  HEADER_HEIGHT,
  SIDEBAR_WIDTH,
} from '../shared/ui/frame-layout.js';
import { LoadingOverlay } from '../shared/ui/loading-overlay.js';
import { ScreenErrorBoundary } from '../shared/ui/screen-error-boundary.js';
import { MAIN_CONTENT_ID, SkipLink } from '../shared/ui/skip-link.js';
import { MENUS, type MenuItem } from './menus.js';

/** The count beside a menu entry. */
const BADGES: Record<NonNullable<MenuItem['badge']>, () => ReactNode> = {
  openReports: OpenReportsBadge,
  agreementsDue: AgreementsDueBadge,
};

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function PageFrame() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const navigate = useNavigate();
  const leaveSession = useLeaveSession();
  const initial = (user.name.trim().charAt(0) || user.email.charAt(0)).toUpperCase();
  useHotkeys([['Escape', close]]);
  const [burger, setBurger] = useState<HTMLButtonElement | null>(null);
  const [drawer, setDrawer] = useState<HTMLElement | null>(null);
  useClickOutside(() => opened && close(), null, [burger, drawer]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: DRAWER_BREAKPOINT, collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipLink />
      <UnsavedChangesGuard />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={setBurger}
              className="bt-menu-button"
              opened={opened}
              onClick={toggle}
              size="sm"
              aria-label={MSG.frame.menu}
              aria-expanded={opened}
              aria-controls="main-menu"
            />
            <Text component={Link} to="/" fw={800} size="xl" c="blue.8" style={{ textDecoration: 'none' }}>
              {MSG.frame.productName}
            </Text>
          </Group>
          {/* Opening the menu puts focus on its first item, as a menu button does (WAI-ARIA): the arrow
              keys then move from there at once, with no press lost to the menu's opening. */}
          <Menu
            position="bottom-end"
            width={220}
            shadow="md"
            zIndex={ABOVE_TOASTS_Z_INDEX}
            withInitialFocusPlaceholder={false}
          >
            <Menu.Target>
              <UnstyledButton aria-label="User menu">
                <Group gap="sm" wrap="nowrap">
                  <Avatar radius="xl" color="blue" aria-hidden>
                    {initial}
                  </Avatar>
                  <Box visibleFrom="sm">
                    <Text size="sm" fw={600} lh={1.2} maw={200} truncate="end" title={user.name} dir="auto">
                      {user.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {capitalise(user.role)}
                    </Text>
                  </Box>
                  <IconChevronDown size={16} />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconSettings size={16} />}
                onClick={() => navigate('/account-settings')}
              >
                {MSG.frame.accountSettings}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconLogout size={16} />}
                // What the page is still loading is called off first: the server ends the session
                // next, and a request it then refuses would be an error on the way out.
                onClick={() =>
                  void queryClient
                    .cancelQueries()
                    .then(endServerSession)
                    .then(() => leaveSession(user.role))
                }
              >
                {MSG.frame.logout}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar ref={setDrawer} id="main-menu" p="md" aria-label="Main menu">
        {MENUS[user.role].map((item) => {
          const active = location.pathname === item.to || location.pathname.startsWith(`${item.to}/`);
          const CountBadge = item.badge && BADGES[item.badge];
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              rightSection={CountBadge ? <CountBadge /> : undefined}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={close}
              variant="filled"
              fw={600}
              mb={4}
              style={{ borderRadius: 8 }}
            />
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <ScreenErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<LoadingOverlay visible />}>
            {/* An admin the platform requires a second factor of sees only where to add one (the server
                refuses everything else to that session anyway). */}
            {user.mustAddSecondFactor && location.pathname !== '/account-settings' ? (
              <Navigate to="/account-settings" replace />
            ) : (
              <Outlet />
            )}
          </Suspense>
        </ScreenErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
