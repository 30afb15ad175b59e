// An attachment as the conversation view gets it: the portal's own addresses, never another's.
import { type MessageAttachment, withoutBidiControls } from '@bridge-talk/contract';
import type { ChatAttachment } from '../../providers/chat/chat-provider.js';
import { isStoredAttachment } from './attachments.service.js';

/**
 * An attachment as the conversation view gets it: the portal's own addresses (with the media token),
 * never the provider's or a member's; what a stored file is; and no address when the portal would
 * not read it (the view shows a labelled placeholder).
 */
export function attachmentForViewer(
  attachment: ChatAttachment,
  readable: boolean,
  address: (size: 'full' | 'thumb') => string,
): MessageAttachment {
  const stored = isStoredAttachment(attachment) ? attachment : null;
  const full = readable ? address('full') : undefined;
  return {
    type: attachment.type,
    title: attachment.title === null ? null : withoutBidiControls(attachment.title),
    ...(attachment.type === 'image'
      ? { image_url: full, ...(stored && full ? { thumb_url: address('thumb') } : {}) }
      : { asset_url: full }),
    ...(stored
      ? {
          file_name: withoutBidiControls(stored.fileName),
          size: stored.size,
          sha256: stored.sha256,
          ...(stored.width ? { width: stored.width } : {}),
          ...(stored.height ? { height: stored.height } : {}),
        }
      : {}),
  };
}
