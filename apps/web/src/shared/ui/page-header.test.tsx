import { MSG } from '@bridge-talk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { PageHeader } from './page-header.js';

const destinations = [
  { path: '/entity-management', element: <h1>Entity list</h1> },
  { path: '/entity-management/:id/details', element: <h1>Entity details page</h1> },
];

describe('PageHeader', () => {
  it('shows the title, and breadcrumbs that are links except the last, which is the current page', () => {
    renderWithProviders(null, {
      routes: [
        {
          path: '/entity-management/:id/edit',
          element: (
            <PageHeader
              title="Edit entity account"
              breadcrumbs={[
                { label: MSG.nav.entityManagement, to: '/entity-management' },
                { label: 'Open Arms', to: '/entity-management/7/details' },
                { label: 'Edit entity account', to: '/entity-management/7/edit' },
              ]}
            />
          ),
        },
        ...destinations,
      ],
      initialEntries: ['/entity-management/7/edit'],
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Edit entity account' })).toBeInTheDocument();
    const trail = screen.getByLabelText('Breadcrumb');
    const links = within(trail).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [MSG.nav.entityManagement, '/entity-management'],
      ['Open Arms', '/entity-management/7/details'],
    ]);
    const current = within(trail).getByText('Edit entity account');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.closest('a')).toBeNull();
    for (const link of links) expect(link).not.toHaveAttribute('aria-current');
  });

  it('names the page in the browser tab', () => {
    renderWithProviders(<PageHeader title="Edit entity account" />);
    expect(document.title).toBe('Edit entity account · Bridge Talk');
  });

  it('follows a breadcrumb link', async () => {
    const user = userEvent.setup();
    renderWithProviders(null, {
      routes: [
        {
          path: '/entity-management/create',
          element: (
            <PageHeader
              title="Create entity account"
              breadcrumbs={[
                { label: MSG.nav.entityManagement, to: '/entity-management' },
                { label: 'Create entity account' },
              ]}
            />
          ),
        },
        ...destinations,
      ],
      initialEntries: ['/entity-management/create'],
    });

    await user.click(screen.getByRole('link', { name: MSG.nav.entityManagement }));
    expect(await screen.findByRole('heading', { name: 'Entity list' })).toBeInTheDocument();
  });

  it('shows a crumb without an address as text', () => {
    renderWithProviders(
      <PageHeader title="Family" breadcrumbs={[{ label: 'Families' }, { label: 'Smith' }]} />,
    );
    const trail = screen.getByLabelText('Breadcrumb');
    expect(within(trail).queryAllByRole('link')).toHaveLength(0);
    expect(within(trail).getByText('Families')).not.toHaveAttribute('aria-current');
    expect(within(trail).getByText('Smith')).toHaveAttribute('aria-current', 'page');
  });

  it('shows no breadcrumbs and no back icon unless asked', () => {
    renderWithProviders(<PageHeader title={MSG.nav.payments} />);
    expect(screen.getByRole('heading', { name: MSG.nav.payments })).toBeInTheDocument();
    expect(screen.queryByLabelText('Breadcrumb')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG.common.back })).not.toBeInTheDocument();
  });

  it('goes to the given address with the back icon', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(null, {
      routes: [
        {
          path: '/entity-management/:id/edit',
          element: <PageHeader title="Edit entity account" back="/entity-management/7/details" />,
        },
        ...destinations,
      ],
      initialEntries: ['/entity-management/7/edit'],
    });

    await user.click(screen.getByRole('button', { name: MSG.common.back }));

    expect(await screen.findByRole('heading', { name: 'Entity details page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/entity-management/7/details');
  });

  it('goes back in history with back={true}', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(null, {
      routes: [
        { path: '/entity-management/:id/edit', element: <PageHeader title="Edit entity account" back /> },
        ...destinations,
      ],
      initialEntries: ['/entity-management', '/entity-management/7/edit'],
    });

    await user.click(screen.getByRole('button', { name: MSG.common.back }));

    expect(await screen.findByRole('heading', { name: 'Entity list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/entity-management');
  });

  it('shows the info, sub-info, actions and search areas', () => {
    renderWithProviders(
      <PageHeader
        title={MSG.nav.bridgeTalkAdmin}
        info={MSG.extra.userCount(3)}
        subinfo="Administrators of the portal"
        actions={<button type="button">{MSG.common.addAccount}</button>}
        search={<input aria-label="Search" />}
      />,
    );
    expect(screen.getByText('3 users')).toBeInTheDocument();
    expect(screen.getByText('Administrators of the portal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.common.addAccount })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
  });
});
