import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The English messages the server's source says: the literal message of every error helper call
 * (`conflict('…')`, `notFound('Event')` as "Event not found", `say('…', params)`), of every `msg`
 * a route answers, and of the message constants they name. The catalogue test checks each is a key
 * of locales/en (docs/decisions/0047-server-messages.md); a test-only scan, never loaded by the app.
 */
const SPEAKERS = new Set([
  'badInput',
  'conflict',
  'soldOut',
  'forbidden',
  'say',
  'notFoundAs',
  'cancelledAtDoor',
  'paymentFailed',
  'AppError',
  'RateLimitedError',
]);
const CONSTANT_NAME = /(MESSAGES?|PROBLEMS|REPLIES|^STILL_ON_SALE|^WITHDRAWN|^DUPLICATE_CODE|^ACCESS_CODE_NEEDED)$/;

export interface SpokenMessage {
  namespace: 'errors' | 'replies';
  text: string;
  where: string;
}

/** The literal texts an expression can be: a string, a concatenation of strings, either branch of a ?:. */
function literals(node: ts.Expression): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literals(node.left);
    const right = literals(node.right);
    return left.length === 1 && right.length === 1 ? [left[0]! + right[0]!] : [];
  }
  return [];
}

function calleeName(node: ts.CallExpression | ts.NewExpression): string | undefined {
  return ts.isIdentifier(node.expression) ? node.expression.text : undefined;
}

function messagesOf(file: string, source: ts.SourceFile): SpokenMessage[] {
  const found: SpokenMessage[] = [];
  const add = (namespace: SpokenMessage['namespace'], texts: string[], node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    for (const text of texts) if (text) found.push({ namespace, text, where: `${file}:${line + 1}` });
  };
  const inRoutes = file.endsWith('.routes.ts');
  const inModules = file.startsWith(`modules${path.sep}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node);
      const args = node.arguments ?? ts.factory.createNodeArray();
      if (name === 'sayIn' && args[1]) {
        // sayIn(language, message, 'replies'?): the message, or the say() it wraps, in that namespace.
        const namespace = args[2] && literals(args[2])[0] === 'replies' ? 'replies' : 'errors';
        const inner = args[1];
        const wrapped = ts.isCallExpression(inner) && calleeName(inner) === 'say' ? inner.arguments[0] : inner;
        if (wrapped) add(namespace, literals(wrapped), node);
        return;
      }
      if (name === 'notFound' && args[0])
        add(
          'errors',
          literals(args[0]).map((what) => `${what} not found`),
          node,
        );
      else if (name === 'fieldError' && args[1]) add('errors', literals(args[1]), node);
      else if ((name === 'AppError' && args[1]) || (name && SPEAKERS.has(name) && args[0])) {
        // new AppError(code, message): the message is its second argument.
        const message = name === 'AppError' ? args[1]! : args[0]!;
        // say() inside a route's msg is a reply; the routes' errors are thrown through helpers.
        const namespace = name === 'say' && inRoutes && isReplyPosition(node) ? 'replies' : 'errors';
        add(namespace, literals(message), node);
      }
    }
    // A module's `msg` is a reply a route answers (the SPA's own 404 for a non-GET is not the API's).
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'msg' && inModules) {
      add('replies', literals(node.initializer), node);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && CONSTANT_NAME.test(node.name.text)) {
      const value = node.initializer;
      const namespace = node.name.text.endsWith('REPLIES') ? 'replies' : 'errors';
      if (value && ts.isObjectLiteralExpression(ts.isAsExpression(value) ? value.expression : value)) {
        const object = (ts.isAsExpression(value) ? value.expression : value) as ts.ObjectLiteralExpression;
        for (const property of object.properties) {
          if (ts.isPropertyAssignment(property)) add(namespace, literals(property.initializer), property);
        }
      } else if (value) add(namespace, literals(ts.isAsExpression(value) ? value.expression : value), node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    // server.ts prints to the operator's console, in English, through a `say` of its own.
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'server.ts' ? [full] : [];
  });
}

/** Every message the source under `root` (apps/api/src) says, with where it says it. */
export function spokenMessages(root: string): SpokenMessage[] {
  return sourceFiles(root).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    return messagesOf(path.relative(root, file), source);
  });
}

/**
 * A say() that a route answers as its `msg`: a property's value (`msg: say(...)`) or a `msg`
 * variable's, also as one branch of a choice (`msg: invited ? say(...) : '...'`).
 */
function isReplyPosition(node: ts.Node): boolean {
  let at = node.parent;
  while (ts.isConditionalExpression(at) || ts.isParenthesizedExpression(at)) at = at.parent;
  return (
    ts.isPropertyAssignment(at) || (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name) && at.name.text === 'msg')
  );
}
