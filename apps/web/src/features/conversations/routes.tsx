import type { RouteObject } from 'react-router';

/** Conversations (entity): a channel's history, with its export and status. */
export const conversationsRoutes: RouteObject[] = [
  {
    path: '/manage-families/:id/channel/:channelId',
    lazy: () => import('./conversation-page.js').then((m) => ({ Component: m.ConversationPage })),
  },
];
