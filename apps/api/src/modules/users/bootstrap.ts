import { checkPassword, generatePassword, ROLE_SUDO } from '@clubtix/contract';
import { ConfigError } from '../../config';
import type { Deps } from '../../core/deps';
import { hashPassword } from '../../core/passwords';
import { findAnySudo, findUserByEmail, insertUser } from './users.repo';

export type BootstrapResult =
  | { kind: 'existing' }
  | { kind: 'created-from-env'; email: string }
  | { kind: 'created-random'; email: string; password: string };

const DEFAULT_SUDO_EMAIL = 'admin@localhost';

/**
 * docs/product.md section 11: SUDO_EMAIL/SUDO_PASSWORD create that super user if absent; with neither
 * set and no super user at all, admin@localhost gets a random password, printed once by the caller.
 * SUDO_EMAIL naming a club admin stops the start: that admin is never promoted.
 */
export async function ensureSudo(deps: Pick<Deps, 'db' | 'config'>): Promise<BootstrapResult> {
  const { sudoEmail, sudoPassword } = deps.config;
  if (sudoEmail && sudoPassword) {
    const rule = checkPassword(sudoPassword);
    if (rule !== true) throw new ConfigError(`Configuration error: SUDO_PASSWORD ${rule}`);
    const existing = await findUserByEmail(deps.db, sudoEmail);
    if (existing?.role === ROLE_SUDO) return { kind: 'existing' };
    // Promoting a club admin on the quiet would hand every club to whoever holds that admin's
    // password, and carrying on would leave the operator without the super user they asked for.
    if (existing) {
      throw new ConfigError(
        `Configuration error: SUDO_EMAIL ${sudoEmail} belongs to a club admin, not a super user; set SUDO_EMAIL to an address no club admin uses`,
      );
    }
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
