import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// src/domain runs in the browser and on the server: only its own modules and superstruct.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/domain');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

test.each(sources(root).map((file) => [relative(root, file), file]))(
  '%s imports only domain modules and superstruct',
  (_, file) => {
    const text = readFileSync(file, 'utf8');
    const pattern =
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g;
    const specifiers = [...text.matchAll(pattern)].map((m) => m[1] ?? m[2]);
    for (const spec of specifiers) {
      if (spec.startsWith('.')) {
        expect(resolve(dirname(file), spec).startsWith(root), `${spec} leaves src/domain`).toBe(
          true,
        );
      } else {
        expect(spec).toBe('superstruct');
      }
    }
    expect(text).not.toMatch(/\b(window|document|localStorage|process)\./);
  },
);
