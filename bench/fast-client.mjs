// The load generator's HTTP client: undici's connection pool, which costs the benchmark's own
// process about a quarter of what fetch() does per request. The client shares the machine's cores
// with the server and PostgreSQL, so a heavy client would measure itself.
import { Pool } from 'undici';

export function fastClient(baseUrl, connections) {
  const pool = new Pool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  async function call(method, apiPath, { token, body, query } = {}) {
    const search = query ? `?${new URLSearchParams(query)}` : '';
    const response = await pool.request({
      method,
      path: `/api${apiPath}${search}`,
      headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.body.text();
    let json = {};
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: the status tells
    }
    return { status: response.statusCode, json, authorization: response.headers.authorization ?? null };
  }
  call.close = () => pool.close();
  return call;
}
