import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

// The README and docs/ are read on a fresh clone (issue 26): every file they point to is in the
// repository, they cite no document that is not, and the scripts and settings they name exist.
const root = path.resolve(import.meta.dirname, '../../..');
const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('README and docs/', () => {
  test.each(docs)('%s: every relative link points to a file in the repository', (file) => {
    const links = [...read(file).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((target) => !/^[a-z]+:/i.test(target));
    for (const target of links)
      expect(existsSync(path.join(root, path.dirname(file), target)), `${file} → ${target}`).toBe(
        true,
      );
  });

  test.each(docs)('%s: cites no document that is not in the repository', (file) => {
    const text = read(file);
    expect(text).not.toMatch(/\bspec\.md\b|\bDESIGN\.md\b|\bSTYLE\.md\b|\bspec §|coord\//);
    for (const [, doc] of text.matchAll(/\b(docs\/[\w.-]+\.md)\b/g))
      expect(existsSync(path.join(root, doc)), `${file} names ${doc}`).toBe(true);
  });

  test('the npm scripts the README names exist', () => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts);
    const named = new Set([...read('README.md').matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]));
    expect([...named].filter((name) => !scripts.includes(name))).toEqual([]);
    for (const name of ['test:unit', 'test:e2e', 'admin']) expect(named).toContain(name);
  });

  test('operator internals live in docs/operations.md, not in the README', () => {
    const readme = read('README.md');
    expect(readme).not.toMatch(/^upstream invoice \{/m);
    expect(readme).not.toMatch(/4 kB window/);
    expect(read('docs/operations.md')).toMatch(/^upstream invoice \{/m);
  });
});
