import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No import cycle between module folders or any two files, core/ below everything else, and the
// floors of modules/purchase and of apps/web kept (docs/architecture.md convention 12,
// docs/decisions/0026-one-purchase-pipeline.md, docs/decisions/0072-layers.md).

const SRC = dirname(fileURLToPath(import.meta.url));
const WEB = resolve(SRC, '../../web/src');
const CONTRACT = resolve(SRC, '../../../packages/contract/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function resolveImport(from: string, specifier: string, known: Set<string>): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((candidate) => known.has(candidate));
}

/** Each file's relative imports, type-only ones included (they tie the folders together as much). */
function importGraph(root = SRC): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(IMPORT)]
        .map((match) => resolveImport(file, (match[1] ?? match[2])!, known))
        .filter((target): target is string => target !== undefined);
      return [file, targets];
    }),
  );
}

/** The unit a file belongs to: core, plugins, db, test, modules/<name>, or a top file itself. */
function unitOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.ts$/, '');
}

/** The first cycle found in a directed graph, as its nodes in order (first repeated at the end). */
function findCycle(edges: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, 'open');
    path.push(node);
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of [...edges.keys()].sort()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return undefined;
}

function addEdge(edges: Map<string, Set<string>>, from: string, to: string): void {
  if (!edges.has(from)) edges.set(from, new Set());
  edges.get(from)!.add(to);
}

describe('import structure', () => {
  const graph = importGraph();

  it('finds the cycle it is shown', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(edges)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', new Set(['b'])]]))).toBeUndefined();
  });

  it('has no cycle between folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const [from, to] = [unitOf(file), unitOf(target)];
        if (from !== to) addEdge(edges, from, to);
      }
    }
    const cycle = findCycle(edges);
    expect(cycle, cycle && `folder cycle: ${cycle.join(' -> ')}`).toBeUndefined();
  });

  // Inside a folder too: two files that need each other are one responsibility split wrongly; the
  // Drizzle schema's tables name each other lazily, so its files stay in one direction as well.
  it('has no cycle between the files of a folder', () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (unitOf(file) === unitOf(target)) {
          addEdge(edges, relative(SRC, file), relative(SRC, target));
        }
      }
    }
    const cycle = findCycle(edges);
    expect(cycle, cycle && `file cycle: ${cycle.join(' -> ')}`).toBeUndefined();
  });

  // The purchase pipeline's steps stand on its payables, which stand on the order's settlement and
  // the shared rows (docs/architecture.md, "The purchase pipeline"): each import goes to its own
  // floor or one below, so a step never reaches up to what calls it.
  it('keeps the floors of modules/purchase', () => {
    const PURCHASE = join(SRC, 'modules/purchase');
    const FLOORS = [
      ['(rows)'],
      ['details', 'settlement'],
      ['payables'],
      ['hold', 'refund', 'settle'],
      ['pay', 'price', 'orders'],
      ['purchase.routes.ts'],
    ];
    const unit = (file: string) => {
      const parts = relative(PURCHASE, file).split('/');
      if (parts.length > 1) return parts[0]!;
      return parts[0] === 'purchase.routes.ts' ? parts[0] : '(rows)';
    };
    const floorOf = (name: string) => FLOORS.findIndex((floor) => floor.includes(name));
    const inside = (file: string) => !relative(PURCHASE, file).startsWith('..');
    const edges = new Map<string, Set<string>>();
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      if (!inside(file)) continue;
      for (const target of targets.filter(inside)) {
        const [from, to] = [unit(file), unit(target)];
        expect(floorOf(from), `a folder of purchase/ on no floor: ${from}`).toBeGreaterThanOrEqual(0);
        if (from === to) continue;
        addEdge(edges, from, to);
        if (floorOf(to) > floorOf(from)) upward.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
      }
    }
    expect(upward, `purchase/ imports upward: ${upward.join(', ')}`).toEqual([]);
    const cycle = findCycle(edges);
    expect(cycle, cycle && `purchase/ folder cycle: ${cycle.join(' -> ')}`).toBeUndefined();
  });

  it('has no cycle between any two files of the API, the web and the contract', () => {
    const edges = new Map<string, Set<string>>();
    for (const root of [SRC, WEB, CONTRACT]) {
      for (const [file, targets] of importGraph(root)) {
        for (const target of targets) addEdge(edges, relative(SRC, file), relative(SRC, target));
      }
    }
    const cycle = findCycle(edges);
    expect(cycle, cycle && `file cycle: ${cycle.join(' -> ')}`).toBeUndefined();
  });

  // The web's floors, from the bottom: what every screen shares sits below the features, the session
  // below the API client and the components (docs/architecture.md, "The web").
  it('keeps the floors of apps/web, and no cycle between its features', () => {
    const FLOORS = [
      ['i18n', 'theme.ts', 'first-paint.ts', 'vite-env.d.ts', 'service-worker'],
      ['lib', 'toasts'],
      ['session'],
      ['api'],
      ['components', 'after-first-page.tsx', 'app-overlays.tsx'],
      ['features'],
      ['routes.tsx'],
      ['main.tsx'],
    ];
    const unit = (file: string) => {
      const parts = relative(WEB, file).split('/');
      return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : parts[0]!;
    };
    const floorOf = (name: string) => FLOORS.findIndex((floor) => floor.includes(name.split('/')[0]!));
    const edges = new Map<string, Set<string>>();
    const upward: string[] = [];
    for (const [file, targets] of importGraph(WEB)) {
      const from = unit(file);
      expect(floorOf(from), `a part of apps/web/src on no floor: ${from}`).toBeGreaterThanOrEqual(0);
      for (const target of targets) {
        const to = unit(target);
        if (from === to) continue;
        addEdge(edges, from, to);
        if (floorOf(to) > floorOf(from)) upward.push(`${relative(WEB, file)} -> ${relative(WEB, target)}`);
      }
    }
    expect(upward, `apps/web imports upward: ${upward.join(', ')}`).toEqual([]);
    const cycle = findCycle(edges);
    expect(cycle, cycle && `apps/web cycle: ${cycle.join(' -> ')}`).toBeUndefined();
  });

  it('keeps core below plugins and modules', () => {
    const upward = [...graph]
      .filter(([file]) => unitOf(file) === 'core')
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => ['plugins', 'modules'].includes(relative(SRC, target).split('/')[0]!))
          .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
      );
    expect(upward, `core imports upward: ${upward.join(', ')}`).toEqual([]);
  });
});
