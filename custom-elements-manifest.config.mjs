// Custom Elements Manifest: our elements register through `define('svc-x', SvcX)` (tolerant of a script loaded
// twice), which the analyzer does not know; this plugin turns those calls into tag definitions.
function svcDefinePlugin() {
  return {
    name: 'svc-define',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || node.expression.getText() !== 'define') return;
      const [tag, element] = node.arguments;
      if (!tag || !element || !ts.isStringLiteral(tag) || !ts.isIdentifier(element)) return;
      const declaration = moduleDoc.declarations?.find((d) => d.name === element.text);
      if (!declaration) return;
      declaration.tagName = tag.text;
      declaration.customElement = true;
      moduleDoc.exports = [...(moduleDoc.exports ?? []),
        { kind: 'custom-element-definition', name: tag.text, declaration: { name: element.text, module: moduleDoc.path } }];
    },
  };
}

export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts', 'src/elements/**/*.i18n.ts', 'src/elements/shared/**'],
  outdir: 'dist',
  litelement: true,
  plugins: [svcDefinePlugin()],
};
