import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

// The README and docs/ are read on a fresh clone (issue 26): every file they point to is in the
// repository, they cite no document that is not, and the scripts and settings they name exist.
const root = path.resolve(import.meta.dirname, '../../..');
const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// Code comments and test names follow the same rule (issue 36): a rule is written in docs/ and
// the comment points there, never to a document outside the repository.
const banned = /\bspec\.md\b|\bDESIGN\b|\bSTYLE\.md\b|\bspec §|(?<!\d )§\d|coord\//;
const codeFiles = ['src', 'tests', 'scripts']
  .flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map(
      (f) => `${dir}/${f}`,
    ),
  )
  .concat(['eslint.config.js', 'build.mjs', 'playwright.config.ts', 'vitest.config.ts'])
  .filter((f) => /\.(ts|tsx|js|mjs|css|md)$/.test(f) && f !== 'tests/unit/build/readme.test.ts');

describe('code comments', () => {
  test('cite no document that is not in the repository', () => {
    expect(codeFiles.length).toBeGreaterThan(100);
    const offending = codeFiles.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (banned.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offending).toEqual([]);
  });

  test('every docs/ file they name exists', () => {
    const missing = codeFiles.flatMap((file) =>
      [...read(file).matchAll(/\b(docs\/[\w.-]+\.md)\b/g)]
        .map((m) => m[1])
        .filter((doc) => !existsSync(path.join(root, doc)))
        .map((doc) => `${file} → ${doc}`),
    );
    expect(missing).toEqual([]);
  });
});

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

  test('docs/product.md has every section the code points to', () => {
    const anchors = new Set(
      [...read('docs/product.md').matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    const cited = new Set(
      codeFiles.flatMap((file) =>
        [...read(file).matchAll(/docs\/product\.md((?:#[a-z-]+(?:, )?)+)/g)].flatMap((m) =>
          m[1]
            .split(/, ?/)
            .filter(Boolean)
            .map((a) => a.replace('#', '')),
        ),
      ),
    );
    expect(cited.size).toBeGreaterThan(5);
    expect([...cited].filter((a) => !anchors.has(a))).toEqual([]);
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
