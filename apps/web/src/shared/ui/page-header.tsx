import { MSG } from '@bridge-talk/contract';
// Title, clickable breadcrumbs (the last one is the active page), a back icon, an info line and an
// optional search area: the header every page of the spec may have.
import { ActionIcon, Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from './document-title.js';

/** A family or entity name of 150 characters must not push the trail off the page. */
const CRUMB_MAX_WIDTH = 320;

export interface Crumb {
  label: string;
  to?: string;
}

export interface PageHeaderProps {
  title: string;
  breadcrumbs?: Crumb[];
  /** Where the back icon goes; `true` goes back in history. */
  back?: string | true;
  info?: ReactNode;
  subinfo?: ReactNode;
  search?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, breadcrumbs, back, info, subinfo, search, actions }: PageHeaderProps) {
  const navigate = useNavigate();
  useDocumentTitle(title);
  return (
    <Stack gap="xs" mb="lg">
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs aria-label="Breadcrumb">
          {breadcrumbs.map((crumb, index) => {
            const active = index === breadcrumbs.length - 1;
            return active || !crumb.to ? (
              <Text
                key={crumb.to ?? `text:${crumb.label}`}
                size="sm"
                fw={active ? 700 : 400}
                c={active ? 'blue.8' : 'dimmed'}
                aria-current={active ? 'page' : undefined}
                maw={CRUMB_MAX_WIDTH}
                truncate="end"
                title={crumb.label}
                dir="auto"
              >
                {crumb.label}
              </Text>
            ) : (
              <Anchor
                key={crumb.to ?? `text:${crumb.label}`}
                component={Link}
                to={crumb.to}
                size="sm"
                maw={CRUMB_MAX_WIDTH}
                truncate="end"
                title={crumb.label}
                dir="auto"
              >
                {crumb.label}
              </Anchor>
            );
          })}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" align="center" wrap="nowrap" miw={0}>
          {back && (
            <ActionIcon
              variant="subtle"
              aria-label={MSG.common.back}
              onClick={() => (back === true ? navigate(-1) : navigate(back))}
            >
              <IconArrowLeft size={22} />
            </ActionIcon>
          )}
          <Title order={1} size="h2" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </Group>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {info && <Text c="dimmed">{info}</Text>}
      {subinfo && (
        <Text c="dimmed" size="sm">
          {subinfo}
        </Text>
      )}
      {search}
    </Stack>
  );
}
