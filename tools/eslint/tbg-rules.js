// tbg's own ESLint rules: the README's layer table, and package entries that name their exports.
// Plain JS so that ESLint loads it without a build step.
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The README's layer table, top to bottom. Runtime code may import the packages its row names;
 * tests, benchmarks and scripts may also use any package above (dev dependencies); nothing may
 * import a package below it, statically, through `export … from`, or through `import()`.
 */
export const LAYERS = [
  { dir: 'tools/testkit', name: '@tbg/testkit', mayUse: [] },
  { dir: 'packages/proto', name: '@tbg/proto', mayUse: [] },
  { dir: 'packages/events', name: '@tbg/events', mayUse: ['@tbg/proto'] },
  { dir: 'packages/hierarchy', name: '@tbg/hierarchy', mayUse: ['@tbg/proto'] },
  { dir: 'packages/layout', name: '@tbg/layout', mayUse: ['@tbg/proto', '@tbg/hierarchy'] },
  { dir: 'packages/render-pixi', name: '@tbg/render-pixi', mayUse: ['@tbg/proto', '@tbg/hierarchy', '@tbg/layout'] },
  {
    dir: 'packages/element',
    name: '@tbg/element',
    mayUse: ['@tbg/proto', '@tbg/events', '@tbg/hierarchy', '@tbg/layout', '@tbg/render-pixi'],
  },
  {
    dir: 'packages/cli',
    name: '@tbg/cli',
    mayUse: ['@tbg/proto', '@tbg/events', '@tbg/hierarchy', '@tbg/layout', '@tbg/render-pixi', '@tbg/element'],
  },
  { dir: 'apps/', name: '(apps)', mayUse: ['@tbg/element'] },
];

const DEV_PARTS = ['bench', 'scripts', 'test-support'];

/** Tests, benchmarks and build scripts: they may use dev dependencies. */
export function isDevFile(rel) {
  const parts = rel.split('/');
  return /\.test\.ts$/.test(rel) || /\.config\.ts$/.test(rel) || parts.some((p) => DEV_PARTS.includes(p));
}

function layerOf(rel) {
  const i = LAYERS.findIndex((l) => rel.startsWith(l.dir.endsWith('/') ? l.dir : l.dir + '/'));
  return i < 0 ? undefined : i;
}

/** The tbg package a specifier names, if any. */
function tbgPackage(spec) {
  const m = /^(@tbg\/[^/]+)/.exec(spec);
  return m ? m[1] : undefined;
}

/** Why `spec` may not be imported from the file at `rel` (repo-relative), or undefined. */
export function layerViolation(rel, spec) {
  const pkg = tbgPackage(spec);
  const i = layerOf(rel);
  if (!pkg || i === undefined) return undefined;
  const layer = LAYERS[i];
  if (pkg === layer.name) return undefined;
  const j = LAYERS.findIndex((l) => l.name === pkg);
  if (j < 0) return `${pkg} is not in the layer table`;
  if (j > i) return `${layer.name} must not import ${pkg}: it is below it in the README's layer table`;
  if (isDevFile(rel)) return undefined;
  if (pkg === '@tbg/testkit') return `${pkg} is for tests and benchmarks only`;
  if (!layer.mayUse.includes(pkg)) {
    return `${layer.name} may use only ${layer.mayUse.join(', ') || 'no other tbg package'} (README's layer table), not ${pkg}`;
  }
  return undefined;
}

function staticSpecifier(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

const layers = {
  meta: { type: 'problem', docs: { description: "enforce the README's layer table" }, schema: [] },
  create(context) {
    const file = relative(ROOT, context.filename).split(sep).join('/');
    const check = (node, source) => {
      const spec = staticSpecifier(source);
      if (spec === undefined) {
        context.report({ node, message: 'import() with a computed specifier hides a dependency from tsc, the bundler and the layer check' });
        return;
      }
      const why = layerViolation(file, spec);
      if (why) context.report({ node, message: why });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.literal ?? node.argument),
    };
  },
};

/** The monorepo root: the directory holding this plugin's `tools/`. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const noExportAll = {
  meta: { type: 'problem', docs: { description: 'package entries name what they export (or re-export the package\'s universal entry)' }, schema: [] },
  create(context) {
    return {
      ExportAllDeclaration(node) {
        // Another entry of the same package is public already: a Node entry may extend the
        // universal one without a second list to keep in step.
        if (node.source.value === './index.js' && !node.exported) return;
        context.report({ node, message: 'a package entry names each export; `export *` publishes internals by accident' });
      },
    };
  },
};

export default { meta: { name: 'tbg' }, rules: { layers, 'no-export-all': noExportAll } };
