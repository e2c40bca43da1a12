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
    // A feature never imports another feature; shared pieces live in components/ or lib/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*/**', '../../../features/**', '@/features/**'],
              message:
                'A feature must not import another feature; move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
);
