// The server's module rules, written once and run by `npm run lint` (issue 28). dependency-cruiser
// reads the import graph of src/ and scripts/ (type-only imports included) and refuses:
//   module-entry           a module reaching into another module's files instead of its index.ts
//   module-entry-outside   the bootstrap, app.module, config, database or a script doing the same
//   platform-no-module     src/common, src/config, src/database or src/shared importing a module
//   shared-only-shared     src/shared importing anything but src/shared (no Nest, no Node, no server)
//   layers                 an import up the layers or across one (scripts/architecture/layers.json,
//                          top to bottom: a module imports only modules of lower layers)
//   repository-stays-home  a file outside module X importing X's *.repository.ts
//   no-circular            an import cycle through value imports, anywhere in src/, scripts/ and
//                          test/ (the browser's code included); a cycle through type-only imports
//                          is allowed, as it costs nothing at run time
// The module rules do not apply to tests (test/, *.spec.ts): they may import a module's files
// directly. Specs beside the code are not cruised at all (nothing imports one).
// The planted violations in test/unit/architecture/module-rules.spec.ts prove each rule bites.
/** @type {string[][]} */
const MODULE_LAYERS = require('./scripts/architecture/layers.json');

const alternatives = (names) => `(${names.map((n) => n.replace(/[-]/g, '\\-')).join('|')})`;

/** One rule per layer: its modules may not import a module of their own layer or of a layer above. */
const layerRules = MODULE_LAYERS.map((layer, index) => ({
  name: 'layers',
  severity: 'error',
  comment: `A module of layer ${index + 1} (${layer.join(', ')}) imports only modules of lower layers (scripts/architecture/layers.json).`,
  from: { path: `^src/modules/${alternatives(layer)}/` },
  to: { path: `^src/modules/${alternatives(MODULE_LAYERS.slice(0, index + 1).flat())}/`, pathNot: '^src/modules/$1/' },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-entry',
      severity: 'error',
      comment: 'A module imports another module only through its public entry, src/modules/<name>/index.ts: export what you need there.',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'module-entry-outside',
      severity: 'error',
      comment: 'Code outside the modules (bootstrap, app.module, config, database, scripts) imports a module only through its index.ts.',
      from: { path: '^(src|scripts)/', pathNot: '^src/modules/' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'platform-no-module',
      severity: 'error',
      comment: 'src/common, src/config, src/database and src/shared sit below every module and import none: move the piece down, or let the module hand it in.',
      from: { path: '^src/(common|config|database|shared)/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'shared-only-shared',
      severity: 'error',
      comment: 'src/shared is imported by the browser and the server: it imports only src/shared (no Nest, no Node, no server code).',
      from: { path: '^src/shared/' },
      to: { pathNot: '^src/shared/' },
    },
    ...layerRules,
    {
      name: 'layers',
      severity: 'error',
      comment: 'A module never imports what stands above every module: src/bootstrap, src/app.module.ts, src/main.ts, scripts/.',
      from: { path: '^src/modules/' },
      to: { path: '^(src/bootstrap/|src/app\\.module\\.ts$|src/main\\.ts$|scripts/)' },
    },
    {
      name: 'repository-stays-home',
      severity: 'error',
      comment: "A repository is its module's own: other modules ask the owner's exported service.",
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/.*\\.repository\\.ts$', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'repository-stays-home',
      severity: 'error',
      comment: "A repository is its module's own: code outside the modules asks the owner's exported service.",
      from: { path: '^(src|scripts)/', pathNot: '^src/modules/' },
      to: { path: '^src/modules/.*\\.repository\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: whichever file loads first sees the other half-initialised. Move what both need into a third file.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    exclude: { path: ['\\.spec\\.tsx?$', '\\.d\\.ts$'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
