// A member's channel as the server lists it, for the app's tests: Bea Birth (the member) and Pat Parent.
import type { MemberChannelsResponse } from '@bridge-talk/contract';

type Channel = MemberChannelsResponse['channels'][number];

export function testChannel(overrides: Partial<Channel> = {}): Channel {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    number: 1,
    disabled: false,
    permission: 'write',
    familyId: '22222222-2222-4222-8222-222222222222',
    familyName: 'Robin Smith',
    members: [
      { id: 'me', name: 'Bea Birth', role: 'birth_family', active: true },
      { id: 'pat', name: 'Pat Parent', role: 'adoptive_parent', active: true },
    ],
    readOnly: null,
    unread: 0,
    lastMessage: null,
    ...overrides,
  };
}
