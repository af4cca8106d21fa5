// `npm start`: build the web app if needed, then run the server in this same process
// (one process to stop; a kill of it leaves nothing of ours listening).
import { register } from 'tsx/esm/api';
import { ensureWebBuilt } from './web-build.mjs';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(`ClubTix needs Node 24 or newer (this is ${process.version}); run it through npm: npm start\n`);
  process.exit(1);
}
ensureWebBuilt();
register();
await import('../apps/api/src/server.ts');
