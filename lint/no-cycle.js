// @ts-check
// Import cycles, type-only imports included. import-x/no-cycle skips `import type` (and has no option not to), yet a
// type-only edge still ties two modules into one unit that cannot be read, tested or moved apart. This rule builds the
// project's import graph once per ESLint process (TypeScript's own scanner and resolver, so `import type`, `export …
// from`, `import()` and `import("…").T` all count) and reports every import whose target lies in the importer's
// strongly connected component.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** @type {ts.CompilerOptions} */
const OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
};
const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const resolutions = ts.createModuleResolutionCache(process.cwd(), (name) => name, OPTIONS);

/** @typedef {{ target: string, pos: number, end: number }} Edge */

/** The project's own modules a file imports, with where each specifier sits in its text. */
function importsOf(/** @type {string} */ file, /** @type {string} */ text) {
  /** @type {Edge[]} */
  const edges = [];
  for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
    const resolved = ts.resolveModuleName(ref.fileName, file, OPTIONS, ts.sys, resolutions).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith(".d.ts")) continue;
    if (!SOURCE.test(resolved.resolvedFileName)) continue;
    edges.push({ target: path.resolve(resolved.resolvedFileName), pos: ref.pos, end: ref.end });
  }
  return edges;
}

/** @type {Map<string, Edge[]>} */
const graph = new Map();
/** Each finished file's component, named by its root. @type {Map<string, string>} */
const componentOf = new Map();

function edgesOf(/** @type {string} */ file) {
  let edges = graph.get(file);
  if (!edges) {
    edges = importsOf(file, readFileSync(file, "utf8"));
    graph.set(file, edges);
  }
  return edges;
}

/** Tarjan's algorithm from `root`: every file reachable from it gets its final component. */
function assignComponents(/** @type {string} */ root) {
  /** @type {Map<string, number>} */
  const order = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const visit = (/** @type {string} */ file) => {
    order.set(file, order.size);
    low.set(file, order.size - 1);
    stack.push(file);
    for (const { target } of edgesOf(file)) {
      // A component finished in an earlier walk cannot lead back here, or this file would have been finished with it.
      if (componentOf.has(target)) continue;
      if (!order.has(target)) visit(target);
      low.set(file, Math.min(/** @type {number} */ (low.get(file)), /** @type {number} */ (low.get(target))));
    }
    if (low.get(file) !== order.get(file)) return;
    let member;
    do {
      member = /** @type {string} */ (stack.pop());
      componentOf.set(member, file);
    } while (member !== file);
  };
  visit(root);
}

/** The shortest way from `from` back to `to`, as paths relative to the working directory. */
function route(/** @type {string} */ from, /** @type {string} */ to) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (file === to) break;
    for (const { target } of edgesOf(file)) {
      if (cameFrom.has(target) || componentOf.get(target) !== componentOf.get(to)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  const steps = [];
  for (let file = /** @type {string | null | undefined} */ (to); file; file = cameFrom.get(file)) steps.unshift(file);
  return steps.map((file) => path.relative(process.cwd(), file)).join(" → ");
}

const sameTargets = (/** @type {Edge[]} */ a, /** @type {Edge[]} */ b) =>
  a.length === b.length && a.every((edge, i) => edge.target === b[i].target);

/** @type {import("eslint").Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports (type-only ones too) that lead back to the importing module." },
    schema: [],
    messages: { cycle: "Import cycle: {{route}}" },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    if (!SOURCE.test(file)) return {};
    const own = importsOf(file, context.sourceCode.text);
    // An editor's long-lived ESLint lints a file again after each edit: new imports make the cached graph stale.
    const cached = graph.get(file);
    if (cached && !sameTargets(cached, own)) {
      graph.clear();
      componentOf.clear();
      resolutions.clear();
    }
    graph.set(file, own);
    if (!componentOf.has(file)) assignComponents(file);
    return {
      Program() {
        const here = path.relative(process.cwd(), file);
        for (const { target, pos, end } of own) {
          // Importing itself is import-x/no-self-import's to report.
          if (target === file || componentOf.get(target) !== componentOf.get(file)) continue;
          const loc = { start: context.sourceCode.getLocFromIndex(pos), end: context.sourceCode.getLocFromIndex(end) };
          context.report({ loc, messageId: "cycle", data: { route: `${here} → ${route(target, file)}` } });
        }
      },
    };
  },
};
