// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Layering rules of STYLE.md: shared imports neither side, client never imports server. */
const layer = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', '.tmp/**', 'data/**', 'node_modules/**', 'src/client/route-tree.gen.ts', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: layer([
      { group: ['**/server/**', '**/client/**', 'fastify*', '@fastify/*', 'react', 'react-dom', 'drizzle-orm*', 'dexie'], message: 'shared is pure: it imports neither side.' },
    ]),
  },
  {
    files: ['src/client/**', 'sw/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...layer([
        { group: ['**/server/**', 'fastify*', '@fastify/*', 'drizzle-orm*', 'pg', '@electric-sql/*'], message: 'The client never imports the server.' },
      ]),
    },
  },
  {
    // A feature never imports another feature (bulletproof-react): '../x' from a feature is a sibling.
    files: ['src/client/features/*/*.ts', 'src/client/features/*/*.tsx'],
    rules: layer([
      { group: ['**/server/**', 'fastify*', '@fastify/*', 'drizzle-orm*', 'pg', '@electric-sql/*'], message: 'The client never imports the server.' },
      { regex: '^\\.\\./(?!\\.\\.)', message: 'A feature never imports another feature; move what both need to lib or shared.' },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: layer([{ group: ['**/client/**', 'react', 'react-dom', 'dexie'], message: 'The server never imports the client.' }]),
  },
);
