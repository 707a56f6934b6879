import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));
}

const format = (salt: Buffer, key: Buffer) => `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;

/** Hash stored as `scrypt$N$r$p$salt$key`, so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return format(salt, await scryptAsync(password, salt, PARAMS));
}

const seedHashes = new Map<string, string>();

/**
 * For the seed loader, which runs inside a synchronous transaction. Memoised per password within the process:
 * seed passwords are demo data, and every test server loads the same seed (scrypt is deliberately slow).
 */
export function hashSeedPassword(password: string): string {
  let hash = seedHashes.get(password);
  if (!hash) {
    const salt = randomBytes(16);
    seedHashes.set(password, (hash = format(salt, scryptSync(password, salt, KEY_LENGTH, PARAMS))));
  }
  return hash;
}

/** Stored for accounts without a usable password (generated, never shown): no password matches it. */
export const NO_PASSWORD = '!no-password';

// Checked against when there is nothing to check, so that unknown e-mails cost the same time as wrong passwords.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  const usable = parts?.length === 6 && parts[0] === 'scrypt';
  const [, n, r, p, salt, key] = usable ? parts : (await (dummyHash ??= hashPassword(randomToken()))).split('$');
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected) && usable;
}

/** Tokens and codes are stored only as this digest. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');
