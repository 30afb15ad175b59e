// Attachments of chat messages: files members upload (recognised from their bytes, kept in the storage
// provider, recorded in chat_files), and how the portal serves any attachment — a stored file, with
// range requests and a thumbnail made once; or an address (Stream's CDN, or a data: URL of an earlier
// local row), which the portal reads itself so that the caseworker's browser never contacts a third
// party. Callers check who may see the message first: this module trusts the ids it is given.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MSG, UPLOAD_MAX_BYTES, type UploadedFile } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { MAX_PICTURE_PIXELS, PICTURE_INPUT, withImageWork } from '../../lib/image-work.js';
import { firstBytes } from '../../lib/upload-bytes.js';
import type { ChatAttachment, StoredAttachment } from '../../providers/chat/chat-provider.js';
import { localActionsOf } from '../../providers/chat/index.js';
import type { ChatFile } from '../../providers/chat/local-chat-provider.js';
import type { ByteRange } from '../../providers/storage/storage-provider.js';
import { cleanFileName, contentDisposition, recogniseFile } from './file-kinds.js';

/** The longest side of a thumbnail, in pixels: twice the conversation view's picture box. */
const THUMBNAIL_SIDE = 640;
/** Addresses the portal reads for the viewer: Stream's CDN (and the configured Stream host). */
const STREAM_MEDIA_HOSTS = [/(^|\.)stream-io-cdn\.com$/i, /(^|\.)getstream\.io$/i];
const REMOTE_TIMEOUT_MS = 15_000;

/** Which attachment, in which size, and the part of it (an HTTP Range header) a caller asks for. */
export interface AttachmentRequest {
  channelId: string;
  messageId: string;
  index: number;
  size: 'full' | 'thumb';
  range: string | undefined;
}

export interface ServedAttachment {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable | Buffer;
}

export function isStoredAttachment(a: ChatAttachment): a is StoredAttachment {
  return 'fileId' in a;
}

/**
 * The Range header of a request for a file of `size` bytes: one range, or null for the whole file.
 * Several ranges are answered with the whole file (allowed by RFC 9110); an impossible one is a 416.
 */
function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  let start: number;
  let end: number;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) throw rangeNotSatisfiable(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || end < start) throw rangeNotSatisfiable(size);
  return { start, end };
}

function rangeNotSatisfiable(size: number) {
  return new AppError('RANGE_NOT_SATISFIABLE', MSG.conversations.attachmentUnavailable, undefined, {
    size,
  });
}

function unavailable() {
  return new AppError('NOT_FOUND', MSG.conversations.attachmentUnavailable);
}

/** Headers every attachment answer carries: the browser shows it as what it is and runs nothing. */
function fileHeaders(contentType: string, fileName: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-disposition': contentDisposition(fileName),
    'x-content-type-options': 'nosniff',
    // Kept by the caseworker's own browser for a while (addresses are per session), never by a proxy.
    'cache-control': 'private, max-age=3600',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** The last segment of an address's path, decoded when it is valid percent-encoding (else as it is). */
function fileNameOf(url: URL): string {
  const segment = url.pathname.split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether a data: URL's first bytes are those of an allowed picture or video, whatever type it names:
 * the viewer gets an address only for what the route will then serve (an SVG called image/png is not).
 */
function dataUrlLooksServable(url: string): boolean {
  const match = /^data:[^;,]*;base64,([A-Za-z0-9+/]{0,32})/.exec(url);
  if (!match) return false;
  const head = Buffer.from(match[1]!.slice(0, match[1]!.length - (match[1]!.length % 4)), 'base64');
  const at = (offset: number, text: string) =>
    head.subarray(offset, offset + text.length).toString('latin1') === text;
  return (
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) || // JPEG
    at(0, '\x89PNG') ||
    at(0, 'GIF8') ||
    (at(0, 'RIFF') && at(8, 'WEBP')) ||
    at(4, 'ftyp') || // MP4
    (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) // WebM (EBML)
  );
}

/** The bytes of a data: URL of an allowed type (older local rows), or null. */
async function fromDataUrl(url: string) {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url);
  if (!match) return null;
  let bytes: Buffer;
  try {
    bytes = match[2] ? Buffer.from(match[3]!, 'base64') : Buffer.from(decodeURIComponent(match[3]!), 'utf8');
  } catch {
    return null; // not valid percent-encoding
  }
  const kind = await recogniseFile(bytes);
  return kind ? { bytes, kind } : null;
}

export function createAttachmentsService(ctx: AppContext) {
  const { storage } = ctx;
  const streamHost = ctx.config.chat.stream.baseUrl ? new URL(ctx.config.chat.stream.baseUrl).host : null;

  function local() {
    const actions = localActionsOf(ctx.chat);
    if (!actions) throw new AppError('NOT_FOUND', MSG.conversations.memberApiUnavailable);
    return actions;
  }

  function remoteAllowed(url: URL): boolean {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    if (streamHost && url.host === streamHost) return true;
    return url.protocol === 'https:' && STREAM_MEDIA_HOSTS.some((host) => host.test(url.hostname));
  }

  async function storedBytes(key: string): Promise<Buffer | null> {
    const stream = await storage.get(key);
    return stream ? buffer(stream) : null;
  }

  /** The thumbnail of a stored picture: made from the picture the first time it is asked for. */
  async function thumbnailKey(file: ChatFile): Promise<string | null> {
    if (file.thumbnailKey) return file.thumbnailKey;
    const jpeg = await withImageWork(async (sharp) => {
      const original = await storedBytes(file.storageKey);
      if (!original) return null;
      return (
        sharp(original, { ...PICTURE_INPUT, failOn: 'none' })
          .rotate()
          .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer()
          // A picture stored before today's checks that does not decode is served as it is.
          .catch(() => null)
      );
    });
    if (!jpeg) return null;
    const stored = await storage.put({ body: jpeg, contentType: 'image/jpeg' });
    if (await local().setFileThumbnail(file.id, stored.key)) return stored.key;
    // Another request made one first: keep theirs.
    await storage.delete(stored.key);
    return (await local().findFile(file.channelId, file.id))?.thumbnailKey ?? null;
  }

  /**
   * Whether a stored picture is one: its size from the header, within MAX_PICTURE_PIXELS before any
   * pixel is decoded, and then its pixels decoded (into a small copy, thrown away) — a header alone
   * gives a size, not a picture.
   */
  function probePicture(key: string): Promise<{ width: number; height: number } | AppError> {
    const NOT_A_PICTURE = new AppError('UNSUPPORTED_TYPE', MSG.conversations.fileTypeNotAllowed);
    return withImageWork(async (sharp) => {
      const bytes = await storedBytes(key);
      if (!bytes) return NOT_A_PICTURE;
      // The header only (no pixel is decoded), read whatever its size, to tell a too large picture apart.
      const meta = await sharp(bytes, { limitInputPixels: false })
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height) return NOT_A_PICTURE;
      if (meta.width * meta.height > MAX_PICTURE_PIXELS)
        return new AppError(
          'TOO_LARGE',
          MSG.conversations.pictureTooManyPixels(MAX_PICTURE_PIXELS / 1_000_000),
        );
      const decodes = await sharp(bytes, PICTURE_INPUT)
        .resize({ width: 64, height: 64, fit: 'inside' })
        .toBuffer()
        .then(
          () => true,
          () => false,
        );
      if (!decodes) return NOT_A_PICTURE;
      return {
        width: meta.autoOrient?.width ?? meta.width,
        height: meta.autoOrient?.height ?? meta.height,
      };
    });
  }

  async function serveStored(
    channelId: string,
    attachment: StoredAttachment,
    size: 'full' | 'thumb',
    rangeHeader: string | undefined,
  ): Promise<ServedAttachment> {
    const file = await local().findFile(channelId, attachment.fileId);
    if (!file) throw unavailable();
    const thumb = size === 'thumb' && file.kind === 'image' ? await thumbnailKey(file) : null;
    const key = thumb ?? file.storageKey;
    // The file's size is in its row; only a thumbnail's is asked of the storage (one call fewer per
    // picture on S3).
    const length = thumb ? (await storage.head(thumb))?.size : file.byteSize;
    if (length === undefined) throw unavailable();
    const headers = fileHeaders(thumb ? 'image/jpeg' : file.contentType, file.fileName);
    headers['accept-ranges'] = 'bytes';
    const range = parseRange(rangeHeader, length);
    const body = await storage.get(key, range ?? undefined);
    if (!body) throw unavailable();
    if (!range) return { status: 200, headers: { ...headers, 'content-length': String(length) }, body };
    return {
      status: 206,
      headers: {
        ...headers,
        'content-length': String(range.end - range.start + 1),
        'content-range': `bytes ${range.start}-${range.end}/${length}`,
      },
      body,
    };
  }

  async function serveAddress(
    attachment: { url: string; title: string | null; type: 'image' | 'video' },
    rangeHeader: string | undefined,
  ): Promise<ServedAttachment> {
    if (attachment.url.startsWith('data:')) {
      const decoded = await fromDataUrl(attachment.url);
      if (!decoded) throw unavailable();
      const headers = fileHeaders(
        decoded.kind.contentType,
        cleanFileName(attachment.title ?? '', decoded.kind),
      );
      return {
        status: 200,
        headers: { ...headers, 'content-length': String(decoded.bytes.length) },
        body: decoded.bytes,
      };
    }
    let url: URL;
    try {
      url = new URL(attachment.url);
    } catch {
      throw unavailable();
    }
    if (!remoteAllowed(url)) throw unavailable();
    const answer = await fetch(url, {
      headers: rangeHeader ? { range: rangeHeader } : {},
      redirect: 'error',
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
    }).catch(() => null);
    if (!answer?.ok || !answer.body) throw unavailable();
    const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const allowed = attachment.type === 'image' ? /^image\/(jpeg|png|webp|gif)$/ : /^video\/(mp4|webm)$/;
    const length = Number(answer.headers.get('content-length') ?? 0);
    if (!allowed.test(contentType) || length > UPLOAD_MAX_BYTES[attachment.type]) {
      await answer.body.cancel();
      throw unavailable();
    }
    const name = fileNameOf(url) || attachment.type;
    const headers = fileHeaders(contentType, name.slice(0, 120));
    for (const header of ['content-length', 'content-range', 'accept-ranges']) {
      const value = answer.headers.get(header);
      if (value) headers[header] = value;
    }
    return {
      status: answer.status === 206 ? 206 : 200,
      headers,
      body: Readable.fromWeb(answer.body as never),
    };
  }

  return {
    /** Whether the portal would read this attachment for a viewer (else it is shown as unavailable). */
    readable(attachment: ChatAttachment): boolean {
      if (isStoredAttachment(attachment)) return true;
      if (attachment.url.startsWith('data:')) return dataUrlLooksServable(attachment.url);
      try {
        return remoteAllowed(new URL(attachment.url));
      } catch {
        return false;
      }
    },

    /**
     * Stores a member's upload to a channel (the caller checked the member is in it), written to the
     * storage as it arrives: its type from its first bytes, cut off at that type's largest size, and
     * a picture's size checked before its pixels are decoded. `requestEnded`, for a file read from a
     * request, resolves when the request holds no other file (it throws otherwise); only then is the
     * file recorded. A refused upload
     * leaves nothing stored.
     */
    async upload({
      channelId,
      memberId,
      body,
      fileName,
      requestEnded,
    }: {
      channelId: string;
      memberId: string;
      body: Buffer | AsyncIterable<Uint8Array>;
      fileName: string | undefined;
      requestEnded?: () => Promise<void>;
    }): Promise<UploadedFile> {
      const actions = local();
      const start = await firstBytes(body);
      const kind = start.bytes.length ? await recogniseFile(start.bytes) : null;
      if (!kind) {
        await start.discard();
        if (start.bytes.length === 0) throw new AppError('BAD_REQUEST', MSG.conversations.fileEmpty);
        throw new AppError('UNSUPPORTED_TYPE', MSG.conversations.fileTypeNotAllowed);
      }
      const limit = UPLOAD_MAX_BYTES[kind.kind];
      const tooLarge = () =>
        new AppError('TOO_LARGE', MSG.conversations.fileTooLarge(`${limit / 1024 / 1024} MB`));
      const stored = await storage.put({ body: start.upTo(limit, tooLarge), contentType: kind.contentType });
      try {
        let width: number | null = null;
        let height: number | null = null;
        if (kind.kind === 'image') {
          const picture = await probePicture(stored.key);
          if (picture instanceof AppError) throw picture;
          ({ width, height } = picture);
        }
        await requestEnded?.();
        const file = await actions.recordFile({
          channelId,
          uploadedBy: memberId,
          kind: kind.kind,
          storageKey: stored.key,
          contentType: kind.contentType,
          byteSize: stored.size,
          sha256: stored.sha256,
          fileName: cleanFileName(fileName, kind),
          width,
          height,
        });
        return {
          id: file.id,
          type: file.kind,
          contentType: file.contentType,
          size: file.byteSize,
          sha256: file.sha256,
          fileName: file.fileName,
          width: file.width,
          height: file.height,
        };
      } catch (error) {
        await storage.delete(stored.key);
        throw error;
      }
    },

    /**
     * The attachment `index` of a message of the family's channel, as an HTTP answer: the whole file,
     * a range of it, or (`thumb`) a picture's thumbnail. Not found when there is no such attachment or
     * the portal cannot read it.
     */
    async serve(input: AttachmentRequest & { groupId: string }): Promise<ServedAttachment> {
      const message = await ctx.chat.getMessage(input.groupId, input.channelId, input.messageId);
      const attachment = message?.attachments[input.index];
      if (!attachment) throw unavailable();
      return isStoredAttachment(attachment)
        ? serveStored(input.channelId, attachment, input.size, input.range)
        : serveAddress(attachment, input.range);
    },

    /**
     * A picture for the PDF transcript: a JPEG no wider than `maxWidth` pixels, with its size; null
     * when the attachment is not a picture the portal can read. For a video, its still frame (the
     * poster the chat provider gives), if any. One picture at a time is in memory.
     */
    async pictureForPrint(
      channelId: string,
      attachment: ChatAttachment,
      maxWidth: number,
    ): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
      let bytes: Buffer | null = null;
      if (attachment.type === 'video') {
        const poster = isStoredAttachment(attachment) ? null : attachment.posterUrl;
        if (!poster) return null;
        const served = await serveAddress(
          { type: 'image', url: poster, title: attachment.title },
          undefined,
        ).catch(() => null);
        if (served) bytes = Buffer.isBuffer(served.body) ? served.body : await buffer(served.body);
      } else if (isStoredAttachment(attachment)) {
        const file = await local().findFile(channelId, attachment.fileId);
        bytes = file ? await storedBytes(file.storageKey) : null;
      } else {
        const served = await serveAddress(attachment, undefined).catch(() => null);
        if (served) bytes = Buffer.isBuffer(served.body) ? served.body : await buffer(served.body);
      }
      if (!bytes) return null;
      const picture = bytes;
      return withImageWork(async (sharp) => {
        try {
          const { data, info } = await sharp(picture, { ...PICTURE_INPUT, failOn: 'none' })
            .rotate()
            .resize({ width: maxWidth, withoutEnlargement: true })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 70 })
            .toBuffer({ resolveWithObject: true });
          return { jpeg: data, width: info.width, height: info.height };
        } catch {
          return null;
        }
      });
    },
  };
}
