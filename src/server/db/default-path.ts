import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * Where the reference server keeps its database when none is named: a per-user state directory
 * (`$XDG_STATE_HOME/svc-reference-server/`, else `~/.local/state/svc-reference-server/`), never inside the project,
 * where a static or dev server could hand out the file with its signing keys (docs/decisions.md).
 */
export function defaultDatabasePath(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_STATE_HOME;
  const stateHome = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.local', 'state'); // the XDG spec ignores a relative one
  return join(stateHome, 'svc-reference-server', 'reference.sqlite');
}
