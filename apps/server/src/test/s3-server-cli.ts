/**
 * The tests' S3-compatible server, run by hand to try STORAGE=s3 or two servers on one machine:
 *
 *   npx tsx apps/server/src/test/s3-server-cli.ts --port 9000 --dir data/s3 --bucket ajar-media
 *
 * Prints the STORAGE=s3 / S3_* lines for the app's environment and runs until SIGINT/SIGTERM.
 * Keys come from S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY when set, so a restart keeps them.
 * For trials and tests only: production uses a real S3 service or MinIO.
 */
import { parseArgs } from 'node:util';
import { startS3Server } from './s3-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9000' },
    dir: { type: 'string' },
    bucket: { type: 'string', default: 'ajar-media' },
    region: { type: 'string', default: 'us-east-1' },
  },
});

const accessKeyId = process.env.S3_ACCESS_KEY_ID;
const secretAccessKey = process.env.S3_SECRET_ACCESS_KEY;
const server = await startS3Server({
  port: Number(values.port),
  directory: values.dir,
  bucket: values.bucket,
  region: values.region,
  credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
});
for (const [name, value] of Object.entries(server.env)) process.stdout.write(`${name}=${value}\n`);
console.error(`S3 server on ${server.endpoint} (data in ${server.directory}); Ctrl-C stops it.`);

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
