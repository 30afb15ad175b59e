// `npm run seed:scale`: opens the configured database (migrating it), builds the portal's context
// without serving or running jobs, adds the scale data and prints what it made and how long it took.
// Stop a server that uses the same PGlite data directory first: only one process may open it.
import { buildApp } from '../../app.js';
import { loadConfigOrExit } from '../../lifecycle.js';
import { addScalePictures } from './scale-pictures.js';
import { describeScale, type ScaleOptions, type ScaleSummary, seedScale } from './seed-scale.js';

export async function runSeedScale(options: ScaleOptions & { json?: boolean }): Promise<ScaleSummary> {
  const app = await buildApp({ config: loadConfigOrExit(), startWorkers: false });
  try {
    const summary = await seedScale(app.ctx.db, options);
    // The bench channel's pictures go through the storage provider, as a member's uploads would.
    const pictures = summary.bench.channelId ? await addScalePictures(app.ctx, summary.bench.channelId) : 0;
    process.stdout.write(
      `${options.json ? JSON.stringify({ ...summary, pictures }) : describeScale(summary)}\n`,
    );
    if (!options.json && pictures) process.stdout.write(`${pictures} pictures stored in the bench channel\n`);
    return summary;
  } finally {
    await app.close();
  }
}
