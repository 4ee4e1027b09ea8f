// A process that speaks the stand-ins' start protocol (local/server.ts) without their database, for
// scripts/stand-ins-process.integration.test.ts: listens on loopback (--port N, or any free port),
// sends { standInsUrl } over IPC once listening, answers every request 200 with its pid, and stops
// on SIGTERM or when its parent goes away.
import http from "node:http";

const i = process.argv.indexOf("--port");
const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
const server = http.createServer((req, res) => res.writeHead(200, { "content-type": "text/plain" }).end(String(process.pid)));
server.listen(port, "127.0.0.1", () => process.send?.({ standInsUrl: `http://127.0.0.1:${server.address().port}` }));
const stop = () => process.exit(0);
process.on("SIGTERM", stop);
process.on("disconnect", stop);
