// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the web build, so
// the API serves them as they are (@fastify/static preCompressed) instead of compressing per request.
//   node scripts/precompress.mjs [dist]
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this size the headers outweigh the saving. */
const MIN_BYTES = 512;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(dist) {
  let raw = 0;
  let brotli = 0;
  let count = 0;
  for (const path of files(dist)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    raw += body.length;
    brotli += br.length;
    count++;
  }
  return { count, raw, brotli };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '../dist'));
  const { count, raw, brotli } = precompress(dist);
  console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB -> ${(brotli / 1024).toFixed(0)} KiB brotli`);
}
