// What the conversations feature offers other features (the family page's channel list): the
// family's channels and their status toggle. The one place another feature may import from this one.
export { getChannels } from './api/get-channels.js';
export { useSetFamilyChannelStatus } from './api/set-channel-status.js';
