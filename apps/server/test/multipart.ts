// A multipart/form-data body as a browser or the family app sends an upload, for app.inject().
import { randomBytes } from 'node:crypto';

export interface UploadPart {
  bytes: Buffer;
  fileName: string;
  contentType: string;
  /** The form field; `file` unless a test says otherwise. */
  field?: string;
}

export function multipartBody(parts: UploadPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bt${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.fileName}"\r\n` +
        `Content-Type: ${part.contentType}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
