// `npm start`: build the web app and the API if needed, then run the compiled server
// (apps/api/dist, scripts/api-build.mjs; no TypeScript transpiled at start: docs/decisions/0049-compiled-start.md)
// in this same process (one process to stop; a kill of it leaves nothing of ours listening).
// package.json starts it with V8's young generation at 16 MB and the old one at 256 MB: Node's
// defaults on a machine with much memory let a 50 MB heap sit in 250 MB of RAM (docs/decisions/0008-memory.md).
performance.mark('clubtix:script'); // start-up parts for bench/start.mjs
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(`ClubTix needs Node 24 or newer (this is ${process.version}); run it through npm: npm start\n`);
  process.exit(1);
}
const { ensureWebBuilt } = await import('./web-build.mjs');
const { ensureApiBuilt, apiEntryUrl } = await import('./api-build.mjs');
ensureWebBuilt();
await ensureApiBuilt();
performance.mark('clubtix:built');
await import(apiEntryUrl);
