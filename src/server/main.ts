import { buildApp } from './app.js';
import { loadConfig } from './config.js';

/** Starts Crumb: builds the app, listens, and closes gracefully on SIGTERM or SIGINT. */
const config = loadConfig();
const app = await buildApp({ config });

/** SIGTERM to exit stays under 10 s, as orchestrators expect before they send SIGKILL. */
const SHUTDOWN_DEADLINE_MS = 8000;

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    // A client that never finishes its request must not hold the process: after the deadline the
    // remaining connections are cut, and if closing still hangs the process exits anyway.
    setTimeout(() => {
      app.log.warn('shutdown deadline reached: closing the remaining connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_DEADLINE_MS).unref();
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS + 1500).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({
  port: config.port,
  host: config.host,
  listenTextResolver: (address) => `Crumb is listening on ${address}`,
});
