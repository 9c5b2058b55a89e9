// Members used only inside our minified scripts are named with a leading `_` (Lit's convention),
// and the minifier renames exactly those: a `#private` name is renamed already, but a method one
// class calls on another survives minification whole, so splitting a class cost bytes. With this,
// it costs none.
//
// The names are shared by the script-tag bundle, its siblings and the fields page, since objects
// cross between them (the bundle calls the bridge sibling's frame, which calls back): one name
// cache, so `_x` has one short name in every script. Third-party code that is bundled too keeps its
// own `_` names (imask's `_value`, Lit's `_$litType$`): every such name found in those packages is
// reserved, so nothing of theirs is renamed, and a name of ours may not be one of theirs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { minifySync } from 'vite';

/** Ours: `_` and a lower-case letter (Lit's own internals are `_$...`, wire keys like `__all__`). */
const OURS = /^_[a-z][A-Za-z0-9]*$/;

/** Every `_name` in the JavaScript of the packages the browser scripts bundle. */
function thirdPartyNames(root, packages) {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== 'node_modules') walk(path);
      } else if (/\.m?js$/.test(entry)) {
        for (const [name] of readFileSync(path, 'utf8').matchAll(/\b_[a-z][A-Za-z0-9]*\b/g))
          if (OURS.test(name)) names.add(name);
      }
    }
  };
  for (const name of packages) {
    try {
      walk(join(root, 'node_modules', name));
    } catch {
      // Not installed: not bundled either.
    }
  }
  return names;
}

/** Our dependencies that end up inside the browser scripts, and what they bring with them. */
const BUNDLED = [
  'lit',
  'lit-html',
  'lit-element',
  '@lit/reactive-element',
  '@lit-labs/ssr-client',
  'imask',
  'card-validator',
  'credit-card-type',
  'zod',
];

/** The `_` members our classes declare (`_name:`, `_name(`, `get _name`, `_name =`). */
function ourMembers(root) {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts'))
        for (const [, name] of readFileSync(path, 'utf8').matchAll(
          /^\s+(?:readonly\s+|[gs]et\s+)*(_[a-z][A-Za-z0-9]*)\s*[(:=;]/gm,
        ))
          names.add(name);
    }
  };
  walk(join(root, 'src', 'elements'));
  walk(join(root, 'src', 'fields'));
  return names;
}

/**
 * The minifier's options for every minified browser script of one build: the same cache object
 * for each, so every script gives a name the same short name. A member of ours named as one of
 * the bundled packages' would be left whole, silently: the build stops and says which instead.
 */
export function mangledMembers(root) {
  const theirs = thirdPartyNames(root, BUNDLED);
  const clashes = [...ourMembers(root)].filter((name) => theirs.has(name));
  if (clashes.length)
    throw new Error(
      `${clashes.join(', ')}: named as a member of a bundled package, so never renamed; choose another name`,
    );
  const reserved = [...theirs];
  const cache = {};
  return {
    /** For `build.rolldownOptions.output.minify`. */
    minify: () => ({
      compress: true,
      mangle: true,
      mangleProps: { include: OURS, reserved, cache: { ...cache } },
    }),
    /**
     * For the ES module build, which the minifier cannot rename across its chunks: each chunk's
     * `_` members renamed as it is written, with the cache the bundle's scripts filled, the code
     * otherwise left as written (Lit publishes its builds renamed so too).
     */
    plugin: () => ({
      name: 'mangle-members',
      renderChunk(code, chunk) {
        const out = minifySync(chunk.fileName, code, {
          module: true,
          compress: false,
          mangle: false,
          mangleProps: { include: OURS, reserved, cache: { ...cache } },
          codegen: { removeWhitespace: false },
          sourcemap: true,
        });
        if (out.errors.length) throw new Error(`${chunk.fileName}: ${out.errors[0].message}`);
        Object.assign(cache, out.mangleCache ?? {});
        return { code: out.code, map: out.map };
      },
    }),
    /** What a build renamed, for the next build to rename the same way. */
    learn(output) {
      for (const o of Array.isArray(output) ? output : [output]) Object.assign(cache, o?.mangleCache ?? {});
    },
    reserved,
  };
}
