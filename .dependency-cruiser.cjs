// Architecture rules, checked by `npm run lint` (`lint:deps`). See docs/decisions.md,
// "Architecture rules". Every rule is an error: the lint fails on the first forbidden import.
// Type-only imports and dynamic `import()` count like any other import: a type import still ties
// the two modules together, and the router's lazy pages are where the web circle hid.

/**
 * The public surface of web features: the only files one feature may import from another. The
 * activity form embeds the question editor of a quiz and the popup-quiz editor (an activity of
 * those forms edits its questions inline). Add a file here on purpose, never a folder.
 */
const featurePublicSurface = [
  '^apps/web/src/features/quiz/components/question-editor\\.tsx$',
  '^apps/web/src/features/popup-quiz/components/popup-quiz-editor\\.tsx$',
  // A program's public discussion edits and deletes its topics and activities as program
  // detail does (spec 01 §2).
  '^apps/web/src/features/topics/components/edit-topic-dialog\\.tsx$',
  '^apps/web/src/features/topics/components/delete-topic-dialog\\.tsx$',
  '^apps/web/src/features/topics/components/delete-activity-dialog\\.tsx$',
  // Daftar Program offers the grading list's export dialog too (spec 01 §2).
  '^apps/web/src/features/grading/components/export-dialog\\.tsx$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import circle. Move what both sides need into a third module (a type next to its ' +
        'owner, route paths in routes/paths.ts) so the imports run one way.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is used by both apps and must not depend on either of them.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'player-imports-no-app',
      severity: 'error',
      comment:
        'packages/player is the UI both web apps play (quiz, pop-up games, video): data and ' +
        'callbacks in, never an app, a route or a fetch of its own.',
      from: { path: '^packages/player/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-no-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP; shared code goes to packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-imports-no-web',
      severity: 'error',
      comment:
        'The server never depends on a browser app (the back office, the learner app); shared ' +
        'code goes to packages/shared.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/(web|learner)/' },
    },
    {
      name: 'learner-imports-no-other-app',
      severity: 'error',
      comment:
        'The learner app (Ajar Belajar) speaks only the member API over HTTP: it never imports ' +
        'the back office or the server. What both apps show lives in packages/player, rules and ' +
        'schemas in packages/shared.',
      from: { path: '^apps/learner/' },
      to: { path: '^apps/(web|server)/' },
    },
    {
      name: 'web-imports-no-learner',
      severity: 'error',
      comment:
        'The back office never imports the learner app; what both show goes to packages/player ' +
        'or packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/learner/' },
    },
    {
      name: 'feature-imports-no-other-feature',
      severity: 'error',
      comment:
        "A web feature never reaches into another feature's files. Shared UI goes to " +
        'apps/web/src/components/ (or hooks/, api/), links go through routes/paths.ts; a file ' +
        'another feature must use goes in featurePublicSurface (.dependency-cruiser.cjs).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', ...featurePublicSurface],
      },
    },
    {
      name: 'feature-imports-no-router-table',
      severity: 'error',
      comment:
        'Features link with pathTo from routes/paths.ts; only the router imports the route ' +
        'tables (which import every page).',
      from: { path: '^apps/web/src/features/' },
      to: {
        path: '^apps/web/src/(router\\.tsx|routes/(signed-in-routes|guest-routes|app-route)\\.ts)$',
      },
    },
    {
      name: 'learner-feature-imports-no-router',
      severity: 'error',
      comment:
        'Learner features link with pathTo from routes/paths.ts; only main.tsx imports the ' +
        'router (which imports every page lazily).',
      from: { path: '^apps/learner/src/features/' },
      to: { path: '^apps/learner/src/router\\.tsx$' },
    },
    {
      name: 'server-routes-import-no-repository',
      severity: 'error',
      comment:
        'Routes call services; only services reach repositories and the database ' +
        '(routes → service → repository). A type a route needs comes from the service or shared.',
      from: { path: '^apps/server/src/modules/.+\\.routes\\.ts$' },
      to: { path: ['\\.repository\\.ts$', '^apps/server/src/db/'] },
    },
    {
      name: 'server-routes-import-no-access',
      severity: 'error',
      comment:
        'Who may see a program is decided by services (modules/access: requireProgram, ' +
        'canSeeProgram, visiblePrograms); a route only parses and shapes.',
      from: { path: '^apps/server/src/modules/.+\\.routes\\.ts$' },
      to: { path: '^apps/server/src/modules/access/' },
    },
    {
      name: 'server-parts-import-no-module',
      severity: 'error',
      comment:
        'plugins/ and lib/ are the cross-cutting parts below every module and know no domain: a ' +
        "plugin takes its lookups as options (app.ts wires the modules' repositories), a type " +
        'it puts on the request lives beside it (RequestUser in plugins/auth.ts).',
      from: { path: '^apps/server/src/(plugins|lib)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-notify-through-events',
      severity: 'error',
      comment:
        'A module announces what happened on the domain event bus (lib/domain-events.ts) and the ' +
        'notifications module decides who hears of it; no other module calls the notifiers. The ' +
        "jobs module alone writes its job's bell entry in the job's own transaction " +
        '(docs/decisions.md, "Domain events").',
      from: {
        path: '^apps/server/src/modules/',
        pathNot: [
          '^apps/server/src/modules/(notifications|trainer-notifications)/',
          '^apps/server/src/modules/jobs/jobs\\.service\\.ts$',
        ],
      },
      to: {
        path: [
          '^apps/server/src/modules/notifications/(notifications|notification-push)\\.service\\.ts$',
          '^apps/server/src/modules/trainer-notifications/trainer-notifications\\.service\\.ts$',
        ],
      },
    },
    {
      name: 'only-the-composition-root-registers-plugins',
      severity: 'error',
      comment:
        "A module's infrastructure plugin (`*.plugin.ts`: a decoration, a job worker, the event " +
        'subscribers) is registered by app.ts alone, so the order of the pieces is read in one ' +
        'place and checked by their fastify-plugin `dependencies`.',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/app\\.ts$' },
      to: { path: '^apps/server/src/modules/.+\\.plugin\\.ts$' },
    },
    {
      name: 'nothing-imports-the-seed',
      severity: 'error',
      comment:
        'The demo seed (apps/server/src/seed/) stands above the product: it fills a database ' +
        "through the modules' services. Only main.ts, the seed itself, the benchmarks and tests " +
        'outside the modules use it; no module, db/, lib/ or plugins/ file imports it.',
      from: { path: '^apps/server/src/(modules|db|lib|plugins)/' },
      to: { path: '^apps/server/src/seed/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^apps/server/drizzle/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // tsconfig.base.json with the web app's `@/…` → apps/web/src/… (apps/web/tsconfig.json
    // `paths`), so the web rules see through the alias. No other package uses `@/`.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    reporterOptions: { text: { highlightFocused: true } },
    cache: false,
  },
};
