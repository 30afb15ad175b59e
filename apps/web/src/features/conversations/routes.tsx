import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const ConversationPage = lazyPage(() => import('./conversation-page.js').then((m) => m.ConversationPage));

/** Conversations (entity): a channel's history, with its export and status. */
export const conversationsRoutes: RouteObject[] = [
  {
    path: '/manage-families/:id/channel/:channelId',
    element: <ConversationPage />,
  },
];
