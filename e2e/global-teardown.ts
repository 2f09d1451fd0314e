import fs from 'node:fs';

/** Removes the fresh database folder the config created for this run. */
export default function globalTeardown() {
  const dir = process.env.CRUMB_E2E_DATA_DIR;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
