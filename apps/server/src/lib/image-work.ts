// Decoding pictures (sharp, that is libvips) runs on libuv's thread pool: the same four threads that
// hash passwords and read files. A few large pictures at once would hold every thread and make each
// sign-in wait behind them. So picture work runs a bounded number of jobs at a time (a queue in this
// process), libvips uses one thread per job, and no picture of more than MAX_PICTURE_PIXELS is decoded.
import { availableParallelism } from 'node:os';
import type Sharp from 'sharp';

/** 50 million pixels: above what phone cameras take by default (12–48 MP), far below a decompression bomb. */
export const MAX_PICTURE_PIXELS = 50_000_000;

/** What every sharp instance given untrusted bytes is opened with. */
export const PICTURE_INPUT = { limitInputPixels: MAX_PICTURE_PIXELS } as const;

/** Half the cores (at least one job): the rest stay free for requests and password hashing. */
const IMAGE_JOBS = Math.max(1, Math.floor(availableParallelism() / 2));

let loading: Promise<typeof Sharp> | null = null;

/** sharp is loaded on first use (a server that never sees a picture never pays for it). */
function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a picture job slot is free; the slot passes straight to the next one waiting. */
export async function withImageWork<T>(work: (sharp: typeof Sharp) => Promise<T>): Promise<T> {
  const sharp = await loadSharp();
  if (running < IMAGE_JOBS) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work(sharp);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
