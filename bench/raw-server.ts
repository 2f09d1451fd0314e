import fs from 'node:fs';
import http from 'node:http';

/**
 * The platform's limit: a bare node:http server that answers each benchmarked URL with the very
 * JSON body Crumb sent for it, precomputed. Whatever Crumb spends beyond this is its own work.
 * Usage: raw-server.ts <bodies.json> <port>, where bodies.json maps URL paths to response bodies.
 */
const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: raw-server.ts <bodies.json> <port>');
const bodies = new Map<string, Buffer>(
  Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>).map(([url, body]) => [
    url,
    Buffer.from(body),
  ]),
);

const server = http.createServer((request, response) => {
  const body = bodies.get(request.url ?? '');
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
