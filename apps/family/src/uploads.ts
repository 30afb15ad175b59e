// A picture or video on its way: a large picture is made smaller in the browser first (a phone's
// photo is often 4 000 px and 5 MB; the conversation needs far less), then the file goes to the
// channel's upload route with its progress reported.
import { API, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadedFile } from '@bridge-talk/contract';
import { ApiError, currentToken, pathOf, refreshSession } from './api.js';

/** A picture is sent at most this wide or high, and re-encoded when larger than this many bytes. */
const LONGEST_SIDE = 2048;
const RESIZE_FROM_BYTES = 1.5 * 1024 * 1024;

export type FileProblem = 'type' | 'size';

/** Whether the file can be sent at all: its type (as the browser names it) and its size. */
export function problemOf(file: File): FileProblem | null {
  const kind = UPLOAD_TYPES[file.type as keyof typeof UPLOAD_TYPES];
  if (!kind) return 'type';
  // A picture too large is made smaller; a video is sent as it is.
  if (kind === 'video' && file.size > UPLOAD_MAX_BYTES.video) return 'size';
  return null;
}

/** The picture made smaller when it is large (JPEG); anything else as it is. */
export async function prepared(file: File): Promise<Blob> {
  if (!file.type.startsWith('image/') || file.type === 'image/gif') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= RESIZE_FROM_BYTES) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const smaller = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return smaller && smaller.size < file.size ? smaller : file;
}

function send(channelId: string, body: Blob, name: string, onProgress: (percent: number) => void) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', pathOf(API.chat.files, { channelId }));
    request.setRequestHeader('authorization', `Bearer ${currentToken() ?? ''}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve({ status: request.status, body: request.responseText });
    request.onerror = () => reject(new ApiError(0, ''));
    const form = new FormData();
    form.append('file', body, name);
    request.send(form);
  });
}

export async function upload(
  channelId: string,
  file: Blob,
  name: string,
  onProgress: (percent: number) => void,
): Promise<UploadedFile> {
  let answer = await send(channelId, file, name, onProgress);
  if (answer.status === 401 && (await refreshSession()))
    answer = await send(channelId, file, name, onProgress);
  if (answer.status !== 201) {
    let message = '';
    try {
      message = (JSON.parse(answer.body) as { message?: string }).message ?? '';
    } catch {
      // not JSON
    }
    throw new ApiError(answer.status, message);
  }
  return JSON.parse(answer.body) as UploadedFile;
}
