// Baseline for the server benchmark: plain node:http answering recorded responses byte for byte.
// Usage: node bench/raw-server.mjs FIXTURES.json  (prints "listening on http://127.0.0.1:PORT")
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const fixtures = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = createServer((req, res) => {
  const fixture = fixtures[`${req.method} ${req.url}`];
  if (!fixture) return res.writeHead(404).end();
  req.resume();
  req.on('end', () => res.writeHead(fixture.status, fixture.headers).end(fixture.body));
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
