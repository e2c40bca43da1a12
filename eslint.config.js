import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { basename } from 'node:path';

/**
 * One naming rule for files (docs/decisions/020-file-names.md). API: kebab-case, and a dotted
 * part only for a role (`sessions.service.ts`, `grail.routes.ts`). Web: components PascalCase,
 * everything else camelCase (hooks `useX`), no `Api` suffix, and a feature's api/ files are named
 * for their resource, not again for the feature (`features/admin/api/breaks.ts`).
 */
const API_ROLES = 'service|routes|rules|view|reads|events|client|mapper';
const KEBAB = '[a-z0-9]+(?:-[a-z0-9]+)*';
const CAMEL = '[a-z][A-Za-z0-9]*';
function fileNameProblem(path) {
  const name = basename(path);
  if (/\/apps\/api\/(src|test)\//.test(path)) {
    const test = new RegExp(`^${KEBAB}(\\.${KEBAB})*\\.test\\.ts$`);
    const source = new RegExp(`^${KEBAB}(\\.(${API_ROLES}))?\\.ts$`);
    if (!(name.endsWith('.test.ts') ? test : source).test(name))
      return `API files are kebab-case, with a dotted part only for a role (${API_ROLES.replaceAll('|', ', ')}).`;
  }
  const web = /\/apps\/web\/src\/(?:features\/([^/]+)\/)?(?:.*\/)?[^/]+$/.exec(path);
  if (web) {
    const valid = name.endsWith('.tsx')
      ? new RegExp(`^([A-Z][A-Za-z0-9]*|${CAMEL})(\\.test)?\\.tsx$`)
      : new RegExp(`^(${CAMEL}(\\.(test|d))?|[A-Z][A-Za-z0-9]*\\.test)\\.ts$`);
    if (!valid.test(name))
      return 'Web files: components PascalCase.tsx, other files camelCase (hooks useX).';
    const feature = web[1]?.replace(/-(.)/g, (_, c) => c.toUpperCase()).toLowerCase();
    const inApi = /\/api\/[^/]+$/.test(path);
    if (feature && inApi && (/Api\.ts$/.test(name) || name.toLowerCase().startsWith(feature)))
      return `A file of features/${web[1]}/api is named for its resource (or its hook), without Api and not again for the feature.`;
  }
  return null;
}
/** Files of other modules that break the rule until they are renamed (empty this list). */
const files = {
  rules: {
    'file-name': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        return {
          Program(node) {
            const problem = fileNameProblem(context.filename);
            if (problem) context.report({ node, message: problem });
          },
        };
      },
    },
  },
};

/** What issue 32 removed: styles injected at run time (decision 022). */
const NO_RUNTIME_STYLES = [
  {
    group: ['@mui/*', '@emotion/*'],
    message: 'MUI and emotion are gone: use @/components/ui and a CSS Module (docs/ui.md).',
  },
];
/** The headless parts, used only through components/ui's wrappers. */
const HEADLESS = {
  group: ['radix-ui', '@radix-ui/*'],
  message: 'Use the wrappers in @/components/ui (docs/ui.md), not radix-ui directly.',
};

/** One form pattern: react-hook-form's form is made only by components/ui's Form. */
const ONE_FORM = {
  name: 'react-hook-form',
  importNames: ['useForm'],
  message: 'Use Form from @/components/ui with a contract schema (docs/ui.md), not useForm.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/src/db/migrations/**',
      'screens/**',
      '**/.e2e-builds/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/api/{src,test}/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { files },
    rules: { 'files/file-name': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // One way to draw a screen (docs/ui.md, decision 022): no MUI or emotion, and the headless
    // library only through the shared components' wrappers.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [ONE_FORM], patterns: [...NO_RUNTIME_STYLES, HEADLESS] },
      ],
    },
  },
  {
    files: ['apps/web/src/components/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: NO_RUNTIME_STYLES }] },
  },
  {
    // A feature never imports another feature; shared pieces live in components/ or lib/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ONE_FORM],
          patterns: [
            {
              group: ['../../*/**', '../../../features/**', '@/features/**'],
              message:
                'A feature must not import another feature; move shared code to components/ or lib/.',
            },
            ...NO_RUNTIME_STYLES,
            HEADLESS,
          ],
        },
      ],
    },
  },
  {
    // A second button, field, select or dialog is not written outside components/ui: a component
    // named for one of them may not draw the native element itself, and no element plays a dialog.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/components/ui/**', 'apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'FunctionDeclaration[id.name=/(Button|Field|Input|Select|Dialog)$/]',
          'VariableDeclarator[id.name=/(Button|Field|Input|Select|Dialog)$/]',
        ].map((component) => ({
          // A file picker or a hidden value is not a field the user types in.
          selector: `${component} JSXOpeningElement[name.name=/^(button|textarea|select|dialog)$/], ${component} JSXOpeningElement[name.name='input']:not(:has(JSXAttribute[name.name='type'][value.value=/^(file|hidden)$/]))`,
          message:
            'A second button, field, select or dialog: use the one in @/components/ui (docs/ui.md).',
        })),
        {
          selector: "JSXAttribute[name.name='role'][value.value=/^(dialog|alertdialog)$/]",
          message: 'Use Dialog from @/components/ui (docs/ui.md), not a hand-made one.',
        },
      ],
    },
  },
);
