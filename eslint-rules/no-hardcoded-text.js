/**
 * Every string a person reads comes from the translation catalogues (docs/decisions/0043-languages.md).
 * Flags, in the web app's source: text between JSX tags; string literals given to the attributes a
 * person reads (label, title, placeholder, aria-label, ...); and string literals under the same names
 * in object literals (toasts, confirm modals, select options). Strings without a letter (punctuation,
 * numbers, "·") pass; a brand or a code that is the same in every language is marked with an
 * eslint-disable comment saying why.
 */
const READ_ATTRIBUTES = new Set([
  'label',
  'title',
  'placeholder',
  'description',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'error',
  'message',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'nothingFoundMessage',
  'what',
  'hint',
  'heading',
  'subtitle',
  'tooltip',
  'children',
]);

const READ_PROPERTIES = new Set([
  'label',
  'title',
  'placeholder',
  'description',
  'message',
  'confirm',
  'cancel',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'nothingFoundMessage',
  'aria-label',
  'hint',
  'heading',
  'subtitle',
  'tooltip',
]);

const hasLetter = (text) => /\p{L}/u.test(text);

function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression') return literalText(node.consequent) ?? literalText(node.alternate);
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return null;
}

function propertyName(node) {
  if (node.key.type === 'Identifier') return node.key.name;
  if (node.key.type === 'Literal' && typeof node.key.value === 'string') return node.key.value;
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Text a person reads must come from the translation catalogues' },
    messages: { hardcoded: 'Hard-coded text "{{text}}": take it from the catalogues with t().' },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'hardcoded', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (hasLetter(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name)) return;
        const text = literalText(node.value);
        if (text !== null && hasLetter(text)) report(node, text);
      },
      'JSXExpressionContainer > Literal, JSXExpressionContainer > TemplateLiteral'(node) {
        if (node.parent.parent?.type === 'JSXAttribute') return;
        const text = literalText(node);
        if (text !== null && hasLetter(text)) report(node, text);
      },
      Property(node) {
        const name = propertyName(node);
        if (!name || !READ_PROPERTIES.has(name)) return;
        const text = literalText(node.value);
        if (text !== null && hasLetter(text)) report(node, text);
      },
    };
  },
};
