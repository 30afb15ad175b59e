import { type ActivityEvent, type ActivityListResponse, API, apiPath, MSG } from '@bridge-talk/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, jsonResponse, renderWithProviders } from '../../test/render.js';
import { FamilyActivityPage } from './family-activity-page.js';

const GROUP = '7d0c6a4e-1f1b-4a56-9a6b-3f0c1d2e3f40';
const activityPath = apiPath(API.activity.family, { groupId: GROUP });

const EXPORTED: ActivityEvent = {
  id: 'e1',
  action: 'conversation.export_requested',
  at: '2026-03-07T15:05:09.000Z',
  actor: 'Erin Agent (erin@agency.test)',
  channelNumber: 2,
  subject: 'Sent to court-clerk-with-a-very-long-address@district-court.example.org',
  detail: `SHA-256 fingerprint ${'ab'.repeat(32)}`,
  target: null,
};
const VIEWED: ActivityEvent = {
  id: 'e2',
  action: 'conversation.viewed',
  at: '2026-03-07T15:00:00.000Z',
  actor: 'Erin Agent (erin@agency.test)',
  channelNumber: 2,
  subject: null,
  detail: null,
  target: null,
};
const MEMBER: ActivityEvent = {
  id: 'e3',
  action: 'member.status_changed',
  at: '2026-03-07T14:00:00.000Z',
  actor: 'Erin Agent (erin@agency.test)',
  channelNumber: null,
  subject: 'Bea Birth',
  detail: 'From Active to Inactive',
  target: null,
};

const listOf = (events: ActivityEvent[]): ActivityListResponse => ({
  events,
  total: events.length,
  page: 1,
  pageSize: 25,
});

function renderPage(answer: (url: URL) => Response, search = '') {
  const calls = answerApi(({ url }) => (url.pathname === activityPath ? answer(url) : undefined));
  renderWithProviders(null, {
    routes: [{ path: '/manage-families/:id/activity', element: <FamilyActivityPage /> }],
    initialEntries: [`/manage-families/${GROUP}/activity${search}`],
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FamilyActivityPage', () => {
  it("shows who opened, exported and changed what in the family, with the channel's number", async () => {
    const calls = renderPage(() => jsonResponse(listOf([EXPORTED, VIEWED, MEMBER])));
    expect(screen.getByRole('heading', { name: 'Activity of the family' })).toBeInTheDocument();
    expect(await screen.findByText('Requested an export of the conversation.')).toBeInTheDocument();

    const exported = within(screen.getByRole('row', { name: /Requested an export/ }));
    expect(exported.getByText('Erin Agent (erin@agency.test)')).toBeInTheDocument();
    expect(exported.getByText('Channel 2')).toBeInTheDocument();
    expect(
      exported.getByText('Sent to court-clerk-with-a-very-long-address@district-court.example.org'),
    ).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(exported.getByText(`SHA-256 fingerprint ${'ab'.repeat(32)}`)).toBeInTheDocument();

    const viewed = within(screen.getByRole('row', { name: /Opened the conversation/ }));
    expect(viewed.getByText('Channel 2')).toBeInTheDocument();

    const member = within(screen.getByRole('row', { name: /Bea Birth/ }));
    expect(member.getByText('Changed the status of a family member.')).toBeInTheDocument();
    expect(member.getByText('From Active to Inactive')).toBeInTheDocument();
    expect(member.queryByText(/Channel/)).not.toBeInTheDocument();

    expect(calls.find((c) => c.url.pathname === activityPath)!.url.searchParams.get('page')).toBe('1');
  });

  it("says 'not found' for a family that is not the entity's", async () => {
    renderPage(() => jsonResponse({ message: MSG.extra.notFound }, 404));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.extra.notFound);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens at the page of a deep link, and leads back to the family', async () => {
    const calls = renderPage(() => jsonResponse({ ...listOf([MEMBER]), total: 26, page: 2 }), '?page=2');
    expect(await screen.findByText('Bea Birth')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === activityPath)!.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('26–26 of 26')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when nothing has been recorded', async () => {
    renderPage(() => jsonResponse(listOf([])));
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
  });
});
