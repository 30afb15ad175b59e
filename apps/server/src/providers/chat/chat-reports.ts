// A member's report of a message as the chat provider holds it, for the portal's mirror of reports
// (message_reports). The local provider gives it at the report; Stream through its webhook and sync.

export interface ProviderReport {
  groupId: string;
  channelId: string;
  /** 'Channel n'; null when the provider does not know it. */
  channelNumber: number | null;
  messageId: string;
  /** The member who reported the message, and their name. */
  userId: string;
  userName: string;
  /** Who wrote the message, and their name; null when the provider does not say. */
  authorId: string | null;
  authorName: string | null;
  reason: string | null;
  createdAt: Date;
  /** The message's html (only its first line is kept, as text). */
  html: string;
}
