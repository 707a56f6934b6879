/** Keys pressed together (a modifier and a key), in every engine's driver (web-test-runner.config.mjs, press-chord). */
import { executeServerCommand } from '@web/test-runner-commands';

export async function pressChord(...keys: string[]): Promise<void> {
  await executeServerCommand('press-chord', keys);
}
