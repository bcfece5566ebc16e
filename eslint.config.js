// ESLint flat config: typescript-eslint's recommended rules on every workspace; formatting is Prettier's job.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '.data/**', '**/dist/**', 'packages/store-esdb/test/double/generated/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Projections have a method called apply(doc, event); we never use Function.prototype.apply.
      'prefer-spread': 'off',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@delve/*/src/*', '**/packages/*/src/*'], message: 'import another package by its name, not its src/' }] },
      ],
    },
  },
  {
    files: ['**/test/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
