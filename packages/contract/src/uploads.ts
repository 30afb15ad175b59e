// What the member API accepts in a message: its html's length, and attachments recognised from their
// bytes, whatever the name says. Kept apart from the schemas, so that the families' app can read it
// without loading them (and zod with them).

/** The longest html a message may have, as stored. */
export const MESSAGE_HTML_MAX = 20_000;

export const UPLOAD_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
} as const;
export type UploadContentType = keyof typeof UPLOAD_TYPES;
export const UPLOAD_MAX_BYTES = { image: 15 * 1024 * 1024, video: 100 * 1024 * 1024 } as const;
