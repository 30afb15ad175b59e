// What the member API accepts as an attachment: recognised from the bytes, whatever the name says.
// Kept apart from the schemas, so that the families' app can read it without loading them.
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
