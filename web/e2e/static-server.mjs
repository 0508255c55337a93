// A plain static file host for the browser tests of the export: it serves
// the files of the folder it is given on a free port of 127.0.0.1, each
// with a Content-Type and no other header, so none of ulid-web's security
// headers, and prints the address.
//
//	node e2e/static-server.mjs DIR
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const dir = process.argv[2];
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.wasm': 'application/wasm' };

const server = http.createServer(async (req, res) => {
  const name = new URL(req.url, 'http://localhost').pathname.slice(1) || 'index.html';
  try {
    if (!/^[\w-]+(\.[\w-]+)*$/.test(name)) throw new Error('not a file of the site');
    const data = await readFile(path.join(dir, name));
    res.writeHead(200, { 'Content-Type': types[path.extname(name)] || 'application/octet-stream' });
    res.end(data);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  }
});
server.listen(0, '127.0.0.1', () => console.log(`static: serving http://127.0.0.1:${server.address().port}/ from ${dir}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
