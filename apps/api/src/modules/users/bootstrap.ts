import { checkPassword, generatePassword, ROLE_SUDO } from '@clubtix/contract';
import { ConfigError } from '../../config';
import type { Deps } from '../../plugins/routes';
import { hashPassword } from '../auth/passwords';
import { findAnySudo, findUserByEmail, insertUser } from './users.repo';

export type BootstrapResult =
  | { kind: 'existing' }
  | { kind: 'created-from-env'; email: string }
  | { kind: 'created-random'; email: string; password: string };

const DEFAULT_SUDO_EMAIL = 'admin@localhost';

/**
 * DECISIONS.md section 2: SUDO_EMAIL/SUDO_PASSWORD create that super user if absent; with neither
 * set and no super user at all, admin@localhost gets a random password, printed once by the caller.
 */
export async function ensureSudo(deps: Pick<Deps, 'db' | 'config'>): Promise<BootstrapResult> {
  const { sudoEmail, sudoPassword } = deps.config;
  if (sudoEmail && sudoPassword) {
    const rule = checkPassword(sudoPassword);
    if (rule !== true) throw new ConfigError(`Configuration error: SUDO_PASSWORD ${rule}`);
    if (await findUserByEmail(deps.db, sudoEmail)) return { kind: 'existing' };
    await insertUser(deps.db, {
      email: sudoEmail,
      name: 'Super User',
      passwordHash: await hashPassword(sudoPassword),
      role: ROLE_SUDO,
      clubId: null,
    });
    return { kind: 'created-from-env', email: sudoEmail };
  }
  if (await findAnySudo(deps.db)) return { kind: 'existing' };
  const password = generatePassword(16);
  await insertUser(deps.db, {
    email: DEFAULT_SUDO_EMAIL,
    name: 'Super User',
    passwordHash: await hashPassword(password),
    role: ROLE_SUDO,
    clubId: null,
  });
  return { kind: 'created-random', email: DEFAULT_SUDO_EMAIL, password };
}
