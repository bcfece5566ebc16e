// `npm run checks`: run the named npm scripts at the same time (the static checks use one core each), print each
// one's output when it ends, and fail if any failed.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<{ script: string; code: number; output: string }>((resolve) => {
        const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d) => (output += String(d)));
        child.stderr.on('data', (d) => (output += String(d)));
        child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), output }));
      }),
  ),
);
for (const { script, code, output } of results) {
  console.log(`── ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  if (output.trim() !== '') console.log(output.trimEnd());
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
