/**
 * What the code under test tells the developer on the console (console.error and console.warn): a test that provokes
 * such a diagnostic keeps it and checks it, rather than leaving it in the run's output. Called in a describe block (or
 * at the top of a file), it keeps the console's lines from before the first test to after the last, and fails the
 * block on any line that none of `expected` matches, so nothing else goes unseen.
 */
import { waitFor } from './server.ts';

export function keepConsole(expected: RegExp[]): { lines: string[]; printed(pattern: RegExp): Promise<void> } {
  const lines: string[] = [];
  const original = { error: console.error, warn: console.warn };
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  before(() => Object.assign(console, { error: keep, warn: keep }));
  after(() => {
    Object.assign(console, original);
    const unexpected = lines.filter((line) => !expected.some((pattern) => pattern.test(line)));
    if (unexpected.length) throw new Error(`unexpected on the console:\n${unexpected.join('\n')}`);
  });
  return {
    lines,
    /** Waits until a line matching `pattern` has been printed. */
    printed: (pattern: RegExp) => waitFor(() => lines.some((line) => pattern.test(line)), 4000, `${pattern} on the console`),
  };
}
