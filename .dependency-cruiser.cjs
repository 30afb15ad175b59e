// Import boundaries of the house rules (CONVENTIONS.md 3 and 5), checked by `npm test`.
// Server: routes → service → repository; queries (drizzle-orm, the table definitions) only in
// repositories, db/, the seeds and the local providers that own their tables. Web: a feature reaches
// another only through its public index.ts; shared knows no feature.
const TEST = '(\\.test\\.tsx?$|^apps/server/test/)';
const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-routes-skip-service',
      comment: 'A route handles HTTP only: it calls a service, never a repository.',
      severity: 'error',
      from: { path: `${SERVER}.+\\.routes\\.ts$` },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'server-other-module-repository',
      comment: "A module reads another module's tables through that module's service, never its repository.",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TEST },
      to: { path: `${SERVER}modules/([^/]+)/.+\\.repository\\.ts$`, pathNot: `${SERVER}modules/$1/` },
    },
    {
      name: 'server-modules-no-loop',
      comment:
        'Modules depend on each other one way: a loop between two modules (through any of their files) ' +
        'means neither can be read, tested or moved alone. Move what both need to lib/ or a module of its own.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${SERVER}modules/[^/]+$` },
      to: { circular: true },
    },
    {
      name: 'server-sql-outside-repositories',
      comment:
        'Queries live in *.repository.ts (and db/, speed-ups/, the seeds, the local providers that own their tables). ' +
        'Importing a table definition only as a type is fine.',
      severity: 'error',
      from: {
        path: SERVER,
        pathNot: [
          TEST,
          '\\.repository\\.ts$',
          `${SERVER}db/`,
          // Statements built once and look-ups shared: the repositories' speed-ups.
          `${SERVER}speed-ups/`,
          // The search condition builder the repositories share.
          `${SERVER}lib/search\\.ts$`,
          // Seeds and the scale measurements write straight to the tables on purpose.
          `${SERVER}seeds/`,
          // The local stand-ins of outside services keep their state in tables of their own.
          `${SERVER}providers/chat/local-chat-[^/]+\\.ts$`,
          `${SERVER}providers/payments/local-[^/]+\\.ts$`,
        ],
      },
      to: {
        path: ['(^|/)node_modules/drizzle-orm/', `${SERVER}db/schema[^/]*\\.ts$`],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-product-imports-no-test-support',
      comment: 'apps/server/test/ is what the tests share: the product never imports it (it is not built).',
      severity: 'error',
      from: { path: SERVER, pathNot: TEST },
      to: { path: '^apps/server/test/' },
    },
    {
      name: 'product-imports-no-test-data',
      comment:
        "The contract's test data (cards, a payer) is for tests: the product never imports it, so no build " +
        'or bundle carries it.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/', pathNot: [TEST, `${WEB}test/`] },
      to: { path: ['^@bridge-talk/contract/test-data$', '^packages/contract/(src|dist)/test-data\\.'] },
    },
    {
      name: 'web-feature-internals',
      comment: "A feature imports another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/([^/]+)/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-shared-knows-no-feature',
      comment: 'Shared widgets know no feature and not the app shell.',
      severity: 'error',
      from: { path: `${WEB}shared/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-features-know-no-app',
      comment: 'The app shell composes features; a feature does not reach back into it.',
      severity: 'error',
      from: { path: `${WEB}features/`, pathNot: TEST },
      to: { path: `${WEB}app/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach anywhere; leaving them out halves the run.
    exclude: { path: ['(^|/)dist/', '\\.test\\.tsx?$'] },
    // TypeScript 7 has no compiler API for dependency-cruiser: Babel strips the types (and `import type`).
    babelConfig: { fileName: '.depcruise.babel.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
