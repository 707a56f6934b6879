import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The reference server CLI on a free port with an in-memory database and no effective rate limit. */
export async function startReferenceServer(args: string[] = []): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', '--port', '0', '--db', ':memory:', '--rate-limit', '100000000', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  process.on('exit', () => child.kill('SIGKILL'));
  return { url: line.replace('listening on ', ''), stop: () => child.kill('SIGTERM') };
}
