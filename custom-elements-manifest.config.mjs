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

// The analyzer also lists every `dispatchEvent(new X(…))` as an event, named after the variable passed or not at
// all; the events an element fires are its `@fires` tags (checked against the code by test/server/element-manifest),
// so the undocumented guesses are dropped.
function documentedEventsPlugin() {
  return {
    name: 'svc-documented-events',
    packageLinkPhase({ customElementsManifest }) {
      for (const declaration of customElementsManifest.modules.flatMap((m) => m.declarations ?? [])) {
        if (declaration.events) declaration.events = declaration.events.filter((event) => event.name && event.description);
      }
    },
  };
}

export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts', 'src/elements/**/*.i18n.ts', 'src/elements/shared/**'],
  outdir: 'dist',
  litelement: true,
  plugins: [svcDefinePlugin(), documentedEventsPlugin()],
};
