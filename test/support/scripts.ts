import { spawn } from 'node:child_process';

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `scripts/<name>` through tsx as `npm run` would, with only PATH and `env` in its environment. */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}`, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
