// What the first page (sign-in and the other auth pages) downloads, used by build.mjs: the app's
// shared code in a few files rather than a dozen, no empty chunks, and a stylesheet without the
// rules only other screens use (the whole one is loaded by the signed-in pages).
import fs from 'node:fs';
import path from 'node:path';

/**
 * esbuild puts each module in a chunk by the set of entries that reach it, so the small modules
 * the first page shares with some lazy pages (a text field, an alert, the router) became a dozen
 * chunks of a few hundred bytes, each a request with ~400 bytes of headers. Every lazily loaded
 * module of src/ also imports the app root (which the page has always loaded already): then all
 * of the first page's modules are reached by the same entries and share one chunk.
 */
export function firstPageChunking(root, appModule) {
  const sources = path.join(root, 'src') + path.sep;
  const lazy = new Set();
  return {
    name: 'first-page-chunking',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === 'first-page') return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'first-page',
        });
        if (resolved.errors.length === 0 && resolved.path.startsWith(sources))
          lazy.add(resolved.path);
        return resolved;
      });
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (!lazy.has(args.path) || args.path === appModule) return undefined;
        const source = await fs.promises.readFile(args.path, 'utf8');
        return {
          contents: `import ${JSON.stringify(appModule)};\n${source}`,
          loader: path.extname(args.path).slice(1).replace(/^[cm]/, ''),
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

/**
 * Modules whose code is all under `process.env.NODE_ENV !== 'production'`: a production build
 * may drop their imports, which otherwise leave an empty chunk that every page still requests.
 */
export function devOnlyModules(root, files) {
  const paths = new Set(files.map((file) => path.join(root, file)));
  const names = files.map((file) => path.basename(file, path.extname(file)));
  return {
    name: 'dev-only-modules',
    setup(build) {
      build.onResolve({ filter: new RegExp(`(${names.join('|')})(\\.tsx?)?$`) }, async (args) => {
        if (args.pluginData === 'dev-only') return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'dev-only',
        });
        return paths.has(resolved.path) ? { ...resolved, sideEffects: false } : resolved;
      });
    },
  };
}

/**
 * What the auth pages never show: Pico's parts for other screens (dialogs, navigation, dropdowns,
 * tables, tooltips, code, media, check boxes…), the signed-in layout and the screens'
 * own classes. tests/e2e/first-visit.spec.ts checks that the auth pages look the same with the
 * whole stylesheet.
 */
const NOT_ON_AUTH_PAGES = {
  tags: new Set(
    [
      'dialog nav aside details summary table thead tbody tfoot tr th td caption meter',
      'code kbd pre samp figure figcaption mark abbr ins del sub sup cite blockquote address',
      'iframe audio video canvas dl dt dd textarea',
    ]
      .join(' ')
      .split(' '),
  ),
  // The app sets no data-theme (the colour scheme follows the system) and has no shadow roots.
  attributes:
    /^(data-theme=.*|role=(group|search|switch)|data-tooltip|data-sidebar|type=(checkbox|radio|range|file|color|search|date|datetime-local|time|month|week))$/,
  classes:
    /^(dropdown|grid|overflow-auto|uplot|u-.*|(bill|gen|users|profile)-.*|app-(layout|sidebar|nav|topbar|breadcrumb|footer|user|page|table|pager|modal|badge|stack|sticky|dev).*)$/,
};

/** The text inside the parentheses that open at `open` (nested ones included). */
function group(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** Splits at the commas outside parentheses. */
function alternatives(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  return [...parts, list.slice(start)];
}

/**
 * Whether no element of an auth page can match `selector`: one of the things it requires is in
 * NOT_ON_AUTH_PAGES. What `:not()` names is not required; `:is()`, `:where()` and `:has()` require
 * one of their alternatives.
 */
function neverOnAuthPages(selector) {
  const pseudo = /:(not|is|where|has)\(/.exec(selector);
  if (pseudo) {
    const inner = group(selector, pseudo.index + pseudo[0].length - 1);
    const after = selector.slice(pseudo.index + pseudo[0].length + inner.length + 1);
    const before = selector.slice(0, pseudo.index);
    const needsGroup = pseudo[1] !== 'not' && alternatives(inner).every(neverOnAuthPages);
    return needsGroup || neverOnAuthPages(`${before} ${after}`);
  }
  if (/:host\b/.test(selector)) return true;
  const plain = selector.replace(/::?[\w-]+/g, ' ');
  for (const [, tag] of plain.matchAll(/(?:^|[\s>+~])([a-z][a-z0-9]*)/g))
    if (NOT_ON_AUTH_PAGES.tags.has(tag)) return true;
  for (const [, name] of plain.matchAll(/\.([\w-]+)/g))
    if (NOT_ON_AUTH_PAGES.classes.test(name)) return true;
  for (const [, attribute] of plain.matchAll(/\[([^\]]+)\]/g))
    if (NOT_ON_AUTH_PAGES.attributes.test(attribute.replace(/["']/g, ''))) return true;
  return false;
}

/**
 * Pico declares its variables for every component on :root; those no remaining rule reads
 * (directly or through another variable) are left for the whole stylesheet too.
 */
function dropUnreadPicoVariables(root) {
  const read = new Set();
  const readBy = new Map();
  root.walkDecls((decl) => {
    for (const [, name] of decl.value.matchAll(/var\((--[\w-]+)/g)) {
      if (!decl.prop.startsWith('--')) read.add(name);
      else readBy.set(decl.prop, [...(readBy.get(decl.prop) ?? []), name]);
    }
  });
  for (const name of read) for (const next of readBy.get(name) ?? []) read.add(next);
  root.walkDecls(/^--pico-/, (decl) => {
    if (!read.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

/** The stylesheet minus the rules for other screens; the order of what stays is kept. */
export async function firstPageStylesheet(css) {
  // Loaded only to build: `npm start` imports this module for its --if-stale check too.
  const { default: postcss } = await import('postcss');
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    const kept = rule.selectors.filter((selector) => !neverOnAuthPages(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  dropUnreadPicoVariables(root);
  // An @media or @supports left empty goes too (inner ones first, then their parents).
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return root.toResult().css;
}
