import { existsSync, readFileSync } from 'node:fs';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Builds, from Vite's build manifest, the `<link>` tags that let a browser fetch a page's lazily
 * loaded chunks and styles while it is still downloading the app's entry, instead of one after
 * the other. Files the entry already loads are left out. Without a manifest there are no hints.
 */
export function createPreloadHints(manifestUrl: URL): (modules: readonly string[]) => string {
  if (!existsSync(manifestUrl)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as Manifest;

  const filesOf = (keys: readonly string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      filesOf(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entryKeys = filesOf(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const cache = new Map<string, string>();

  return (modules) => {
    const cacheKey = modules.join('|');
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const tags: string[] = [];
    for (const key of filesOf(modules)) {
      if (entryKeys.has(key)) continue;
      const chunk = manifest[key]!;
      // Fetched in CORS mode, as Vite's own loader asks for these files: a hint in another mode
      // is not reused, and the browser downloads the file twice.
      tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}" />`);
      for (const css of chunk.css ?? []) tags.push(`<link rel="preload" as="style" crossorigin href="/${css}" />`);
    }
    const html = tags.join('');
    cache.set(cacheKey, html);
    return html;
  };
}
