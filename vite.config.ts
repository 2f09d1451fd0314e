import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const WEB_ROOT = path.resolve(import.meta.dirname, 'src/web');
const OUT_DIR = path.resolve(import.meta.dirname, 'dist/web');
/** The API server `npm run dev` starts beside Vite. */
const DEV_API_PORT = 3001;

/** Writes .br and .gz copies of the text files the server sends, so it never compresses on the fly. */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  async function* files(dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* files(full);
      else if (/\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) yield full;
    }
  }
  let outDir = OUT_DIR;
  return {
    name: 'crumb-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      for await (const file of files(outDir)) {
        if ((await stat(file)).size < 1024) continue;
        const body = await readFile(file);
        await writeFile(`${file}.br`, await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: WEB_ROOT,
  publicDir: path.join(WEB_ROOT, 'public'),
  plugins: [react(), precompress()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    // The server reads it to tell browsers which chunks a page needs (src/server/features/web).
    manifest: true,
    assetsInlineLimit: 0,
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${DEV_API_PORT}` },
  },
});
