// The door benchmark's HTTP client: plain HTTP/1.1 keep-alive over node:net, a request written in
// one piece and its answer read by Content-Length. The load generator shares the machine's two
// cores with the server and PostgreSQL, and at 2,000 scans a second undici's pool cost it 0.35 to
// 0.45 of a core, time taken from the server it measures; this costs a fraction of that. Same
// interface as fast-client.mjs. It reads only what this API answers (no chunked bodies, no
// redirects): anything else is an error, never a guess.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

function connection(host, port) {
  const socket = net.connect({ host, port, noDelay: true });
  let buffer = Buffer.alloc(0);
  let pending = null;
  const fail = (error) => {
    if (pending) pending.reject(error);
    pending = null;
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    if (!pending) return;
    const headerEnd = buffer.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = buffer.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return fail(new Error(`answer without Content-Length: ${head.split('\r\n')[0]}`));
    const bodyEnd = headerEnd + 4 + Number(length[1]);
    if (buffer.length < bodyEnd) return;
    const body = buffer.toString('utf8', headerEnd + 4, bodyEnd);
    buffer = buffer.subarray(bodyEnd);
    const authorization = /\r\nauthorization: *([^\r]*)/i.exec(head);
    const done = pending;
    pending = null;
    done.resolve({ status: Number(head.slice(9, 12)), body, authorization: authorization ? authorization[1] : null });
  });
  return {
    send(request) {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(request);
      });
    },
    close: () => socket.end(),
  };
}

export function rawClient(baseUrl, connections) {
  const { hostname, port } = new URL(baseUrl);
  const idle = [];
  const queue = [];
  const all = [];
  const take = () => {
    const free = idle.pop();
    if (free) return Promise.resolve(free);
    if (all.length < connections) {
      const fresh = connection(hostname, Number(port));
      all.push(fresh);
      return Promise.resolve(fresh);
    }
    return new Promise((resolve) => queue.push(resolve));
  };
  const give = (conn) => {
    const next = queue.shift();
    if (next) next(conn);
    else idle.push(conn);
  };
  async function call(method, apiPath, { token, body, query } = {}) {
    const search = query ? `?${new URLSearchParams(query)}` : '';
    const payload = body ? JSON.stringify(body) : '';
    const request =
      `${method} /api${apiPath}${search} HTTP/1.1\r\nHost: ${hostname}\r\n` +
      (token ? `Authorization: ${token}\r\n` : '') +
      (body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` : '') +
      `\r\n${payload}`;
    const conn = await take();
    let answer;
    try {
      answer = await conn.send(request);
    } catch (error) {
      all.splice(all.indexOf(conn), 1);
      throw error;
    }
    give(conn);
    let json = {};
    try {
      json = JSON.parse(answer.body);
    } catch {
      // not JSON: the status tells
    }
    return { status: answer.status, json, authorization: answer.authorization };
  }
  call.close = async () => {
    for (const conn of all) conn.close();
  };
  return call;
}
