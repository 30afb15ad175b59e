// Brotli and gzip copies of the built web app's text files, written beside each (`app.js.br`,
// `app.js.gz`): the server sends the copy a browser accepts as it is (@fastify/static's preCompressed),
// so no request pays for compressing them, and the build can afford the slowest, smallest settings.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What a browser downloads as text. Source maps are left out: only the developer tools open them. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** A smaller file fits in a packet or two as it is: its copies would save next to nothing. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of at
 * least MIN_BYTES in `dir` and its folders; a copy that is not smaller than its file is not written.
 * @param {string} dir
 * @returns {Promise<{ file: string, bytes: number, br: number, gz: number }[]>} each file compressed
 *   (its path relative to `dir`) with its size and its copies' sizes (0: that copy was not written)
 */
export async function precompressFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const written = await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      /** @type {(copy: Buffer, extension: string) => Promise<number>} */
      const keep = async (copy, extension) => {
        if (copy.length >= content.length) return 0;
        await writeFile(`${file}${extension}`, copy);
        return copy.length;
      };
      return {
        file: path.relative(dir, file),
        bytes: content.length,
        br: await keep(br, '.br'),
        gz: await keep(gz, '.gz'),
      };
    }),
  );
  return written.filter((entry) => entry !== null);
}

/**
 * The Vite plugin of the web apps' builds: once every file is written (the public folder's copied ones
 * included), their brotli and gzip copies.
 * @returns {import('vite').Plugin}
 */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'bridge-talk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFiles(outDir);
    },
  };
}
