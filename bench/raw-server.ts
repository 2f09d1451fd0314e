import fs from 'node:fs';
import http from 'node:http';

/** What the raw server answers: each benchmarked URL's body, and the body of a vote's answer. */
export interface RawBodies {
  /** GET: URL path → the JSON body Crumb sent for it. */
  reads: Record<string, string>;
  /** Any POST is answered 201 with this body, the shape of Crumb's answer to a vote. */
  vote: string;
}

/**
 * The platform's limit: a bare node:http server that answers each benchmarked URL with the very
 * JSON body Crumb sent for it, precomputed. Whatever Crumb spends beyond this is its own work.
 * Usage: raw-server.ts <bodies.json> <port>, where bodies.json holds `RawBodies`.
 */
const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: raw-server.ts <bodies.json> <port>');
const given = JSON.parse(fs.readFileSync(file, 'utf8')) as RawBodies;
const bodies = new Map<string, Buffer>(Object.entries(given.reads).map(([url, body]) => [url, Buffer.from(body)]));
const vote = Buffer.from(given.vote);
const json = 'application/json; charset=utf-8';

const server = http.createServer((request, response) => {
  // node:http discards a request body nobody reads once the answer is sent.
  if (request.method === 'POST') {
    response.writeHead(201, { 'content-type': json, 'content-length': vote.length });
    response.end(vote);
    return;
  }
  const body = bodies.get(request.url ?? '');
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': json, 'content-length': body.length });
  response.end(body);
});
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
