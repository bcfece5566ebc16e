// The purity rule: rules code (packages/kernel, packages/games/*) imports no I/O and reads no clock or ambient randomness.
// Two kinds of kernel code: pure (deciders, folds, redaction: packages/kernel/src and the games) and runtime
// (packages/kernel/src/runtime: the handlers that call the event store through its injected port and cache folds).
// Runtime code may await the port but, like pure code, gets its clock, ids and secrets injected; pure code may not
// import runtime code at all.
import ts from 'typescript';

export type SourceKind = 'pure' | 'runtime';

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** Which rule a file is under, or null. Tests and the kernel's test support (never imported by production code) are not. */
export function sourceKind(file: string): SourceKind | null {
  const f = file.replaceAll('\\', '/');
  if (!/\/src\//.test(f) || !/\.(ts|mts|cts|tsx)$/.test(f)) return null;
  if (/(^|\/)packages\/kernel\/src\/testing\//.test(f)) return null;
  if (/(^|\/)packages\/kernel\/src\/runtime\//.test(f)) return 'runtime';
  return /(^|\/)packages\/kernel\/src\//.test(f) || /(^|\/)packages\/games\/[^/]+\/src\//.test(f) ? 'pure' : null;
}

/** Is this file under either rule? */
export function isPureSource(file: string): boolean {
  return sourceKind(file) !== null;
}

/** Modules pure code may import. Everything else (fastify, postgres, @eventstore/*, node:fs, node:net, …) is refused. */
function importAllowed(file: string, specifier: string): boolean {
  const f = file.replaceAll('\\', '/');
  // Pure code never reaches into the runtime; only the package's index re-exports it.
  if (sourceKind(f) === 'pure' && /(^|\/)runtime\//.test(specifier) && !/packages\/kernel\/src\/index\.ts$/.test(f)) return false;
  if (specifier.startsWith('.')) return true;
  if (specifier === '@delve/kernel' || /^@delve\/game-[a-z-]+$/.test(specifier)) return true;
  if (specifier === '@sinclair/typebox' || specifier.startsWith('@sinclair/typebox/')) return true;
  // SHA-256 for the seed commitment and the deterministic generator: only the kernel's random source.
  if (specifier === 'node:crypto') return /packages\/kernel\/src\/random\.ts$/.test(f);
  return false;
}

/** Globals whose use makes a result depend on when or where it runs. */
const FORBIDDEN_CALLS: Record<string, string> = {
  'Date.now': 'reads the clock',
  'Math.random': 'ambient randomness',
  'performance.now': 'reads the clock',
  'crypto.randomUUID': 'ambient randomness',
  'crypto.getRandomValues': 'ambient randomness',
};
const FORBIDDEN_IDENTIFIERS: Record<string, string> = {
  randomBytes: 'ambient randomness',
  randomUUID: 'ambient randomness',
  randomInt: 'ambient randomness',
  process: 'reads the environment',
  setTimeout: 'timers',
  setInterval: 'timers',
  fetch: 'network I/O',
  require: 'dynamic loading',
  console: 'logging belongs at the edges',
};

export function checkSource(file: string, text: string): Violation[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Violation[] = [];
  const report = (node: ts.Node, message: string) =>
    out.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, message });

  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const specifier = node.moduleSpecifier.text;
      if (!importAllowed(file, specifier)) {
        report(node, /(^|\/)runtime\//.test(specifier) ? `pure code imports runtime code "${specifier}"` : `imports "${specifier}"`);
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      report(node, 'dynamic import()');
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date') {
      // new Date(x) converts a time it is given; only new Date() reads the clock.
      if ((node.arguments?.length ?? 0) === 0) report(node, 'new Date() reads the clock');
    } else if (ts.isPropertyAccessExpression(node)) {
      const name = `${node.expression.getText(source)}.${node.name.text}`;
      const reason = FORBIDDEN_CALLS[name];
      if (reason) report(node, `${name}: ${reason}`);
    } else if (ts.isIdentifier(node) && Object.hasOwn(FORBIDDEN_IDENTIFIERS, node.text)) {
      const parent = node.parent;
      // A property name (`x.process`, `{ process: … }`) is not a use of the global.
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        ts.isPropertySignature(parent) ||
        ts.isMethodDeclaration(parent);
      if (!isPropertyName) report(node, `${node.text}: ${FORBIDDEN_IDENTIFIERS[node.text]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
