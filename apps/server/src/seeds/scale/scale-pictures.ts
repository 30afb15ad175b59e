// The bench channel's pictures: one message in 50 carries a photo-sized JPEG, up to 1 000 of them (200
// in a channel of 10 000 messages, 1 000 in one of 100 000), stored through the storage provider and
// recorded as a member's upload would be, so that exporting the channel measures the transcript with
// pictures. Added once: a second run finds them and adds nothing.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { chatFiles, chatMessages, type StoredAttachment } from '../../db/schema-chat.js';

const SCALE_PICTURES_MAX = 1000;
const ONE_PICTURE_IN = 50;

/** A photo-like picture: a colour gradient with a little noise, as a phone camera's JPEG compresses. */
async function photo(n: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const hue = (n * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,35%)"/>
    </linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/>
    <circle cx="${400 + ((n * 53) % 800)}" cy="${300 + ((n * 29) % 600)}" r="220" fill="hsl(${(hue + 200) % 360},80%,60%)" opacity="0.7"/>
    <text x="80" y="1120" font-family="sans-serif" font-size="96" fill="white">Photo ${n + 1}</text>
  </svg>`;
  const noise = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** Puts pictures evenly through the channel (one in 50, at most 1 000); returns how many it added. */
export async function addScalePictures(ctx: AppContext, channelId: string): Promise<number> {
  const [existing] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatFiles)
    .where(eq(chatFiles.channelId, channelId));
  if ((existing?.n ?? 0) > 0) return 0;
  const messages = await ctx.db
    .select({ id: chatMessages.id, userId: chatMessages.userId })
    .from(chatMessages)
    .where(eq(chatMessages.channelId, channelId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  const count = Math.min(SCALE_PICTURES_MAX, Math.floor(messages.length / ONE_PICTURE_IN));
  const step = Math.max(1, Math.floor(messages.length / Math.max(1, count)));
  const chosen = messages.filter((_, i) => i % step === Math.floor(step / 2)).slice(0, count);
  for (const [n, message] of chosen.entries()) {
    const bytes = await photo(n);
    const stored = await ctx.storage.put({ body: bytes, contentType: 'image/jpeg' });
    const fileName = `photo-${String(n + 1).padStart(3, '0')}.jpg`;
    const [file] = await ctx.db
      .insert(chatFiles)
      .values({
        channelId,
        uploadedBy: message.userId,
        messageId: message.id,
        kind: 'image',
        storageKey: stored.key,
        contentType: 'image/jpeg',
        byteSize: stored.size,
        sha256: stored.sha256,
        fileName,
        width: 1600,
        height: 1200,
      })
      .returning({ id: chatFiles.id });
    const attachment: StoredAttachment = {
      type: 'image',
      title: `Photo ${n + 1}`,
      fileId: file!.id,
      fileName,
      contentType: 'image/jpeg',
      size: stored.size,
      sha256: stored.sha256,
      width: 1600,
      height: 1200,
    };
    await ctx.db
      .update(chatMessages)
      .set({ attachments: [attachment] })
      .where(and(eq(chatMessages.id, message.id), eq(chatMessages.channelId, channelId)));
  }
  return chosen.length;
}
