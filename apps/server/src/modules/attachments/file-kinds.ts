// What a file is, from its bytes: the member API takes pictures (JPEG, PNG, WebP, GIF) and videos
// (MP4, WebM) only, whatever the file is called or claims to be. An HTML page named .png, an SVG (it
// can carry script) or a text file is none of these and is refused.
import {
  AGREEMENT_DOCUMENT_TYPES,
  type AgreementDocumentType,
  UPLOAD_TYPES,
  type UploadContentType,
  withoutBidiControls,
} from '@bridge-talk/contract';
import { fileTypeFromBuffer } from 'file-type';

export interface FileKind {
  contentType: UploadContentType;
  kind: 'image' | 'video';
  extension: string;
}

const EXTENSION: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

function isUploadType(mime: string): mime is UploadContentType {
  return Object.hasOwn(UPLOAD_TYPES, mime);
}

/** The kind of an allowed file, or null for anything else. */
export async function recogniseFile(bytes: Uint8Array): Promise<FileKind | null> {
  if (bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  // file-type names some MP4 brands video/quicktime-free variants: only what the list allows passes.
  const mime = found?.mime === 'video/x-m4v' ? 'video/mp4' : found?.mime;
  if (!mime || !isUploadType(mime)) return null;
  return { contentType: mime, kind: UPLOAD_TYPES[mime], extension: EXTENSION[mime] };
}

const DOCUMENT_EXTENSION: Record<AgreementDocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** A signed agreement's type from its bytes (a PDF or a picture), or null for anything else. */
export async function recogniseDocument(
  bytes: Uint8Array,
): Promise<{ contentType: AgreementDocumentType; kind: 'signed-agreement'; extension: string } | null> {
  if (bytes.length === 0) return null;
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  const type = AGREEMENT_DOCUMENT_TYPES.find((allowed) => allowed === mime);
  return type ? { contentType: type, kind: 'signed-agreement', extension: DOCUMENT_EXTENSION[type] } : null;
}

/**
 * The uploaded file's name as it may appear in a Content-Disposition header: no folders, no control
 * characters (bidirectional ones included), at most 120 characters, and the extension of what the
 * bytes are.
 */
export function cleanFileName(
  name: string | undefined,
  kind: Pick<FileKind, 'extension'> & { kind: string },
): string {
  const base = withoutBidiControls(name ?? '')
    .split(/[\\/]/)
    .at(-1)!
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 120);
  return `${base || kind.kind}.${kind.extension}`;
}

/** `inline; filename="…"; filename*=UTF-8''…`: an ASCII name for old clients, the real one for the rest. */
export function contentDisposition(
  fileName: string,
  disposition: 'inline' | 'attachment' = 'inline',
): string {
  // Names come from members and from other hosts' addresses: none may reorder itself on screen.
  const name = withoutBidiControls(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
