import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { after } from 'node:test';

const running = new Set<ChildProcess>();
after(() => running.forEach((child) => child.kill('SIGKILL')));

/** `npm run server -- ARGS` without npm: resolves with the URL from the first stdout line. */
export async function startCli(args: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url: firstLine.replace(/^listening on /, ''),
    stop: () => new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      running.delete(child);
    }),
  };
}

/** Runs the CLI expecting it to exit by itself (bad arguments): its exit code and stderr. */
export async function runCliToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  running.delete(child);
  return { code, stderr };
}

/** `svc-reference-server ARGS` (a set-up command) run to its end: exit code and output. */
export async function runAdmin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  running.delete(child);
  return { code, stdout, stderr };
}
