// Where a message's attachments load from, and the pictures of the loaded messages in the order the
// conversation shows them (the picture viewer's previous and next).
import { type Message, type MessageAttachment, MSG, ROUTES } from '@bridge-talk/contract';

/**
 * Attachments load from the portal only (its attachment route): an address anywhere else would tell a
 * third party who read the conversation and when, and the page's CSP would refuse it anyway.
 */
const ATTACHMENT_ROUTE = ROUTES.conversations.attachment.path;
const ATTACHMENT_PREFIX = ATTACHMENT_ROUTE.slice(0, ATTACHMENT_ROUTE.indexOf(':'));

export function portalUrl(url: string | undefined): string | null {
  return url?.startsWith(ATTACHMENT_PREFIX) && url.includes('/attachments/') ? url : null;
}

export function attachmentLabel(attachment: MessageAttachment): string {
  return (
    attachment.title ??
    attachment.file_name ??
    (attachment.type === 'image' ? MSG.conversations.imageLabel : MSG.conversations.videoLabel)
  );
}

/** A full-size picture the viewer can show; `key` names the attachment (message id and place). */
export interface Picture {
  key: string;
  url: string;
  label: string;
}

export function pictureKey(messageId: string, index: number): string {
  return `${messageId}:${index}`;
}

/** The pictures of these messages (oldest first), those the portal can show only. */
export function picturesOf(messages: Message[]): Picture[] {
  return messages.flatMap((message) =>
    message.attachments.flatMap((attachment, index) => {
      const url = attachment.type === 'image' ? portalUrl(attachment.image_url) : null;
      return url ? [{ key: pictureKey(message.id, index), url, label: attachmentLabel(attachment) }] : [];
    }),
  );
}
