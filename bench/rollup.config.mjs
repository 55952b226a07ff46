// The benchmark harness (TypeScript) as one Node script, dist/bench/run.js; its dependencies
// stay external and are loaded from node_modules.
import typescript from '@rollup/plugin-typescript';

export default {
  input: 'bench/run.ts',
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
  output: { file: 'dist/bench/run.js', format: 'es' },
  plugins: [
    typescript({ tsconfig: './tsconfig.json', include: ['bench/*.ts', 'contract/**/*', 'e2e/server-process.ts', 'runtime/src/**/*', 'scripts/*.mjs'], compilerOptions: { noEmit: false, declaration: false, sourceMap: false, outDir: 'dist/bench', rootDir: '.' } }),
  ],
};
