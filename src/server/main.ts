import { buildApp } from './app.js';
import { loadConfig } from './config.js';

/** Starts Crumb: builds the app, listens, and closes gracefully on SIGTERM or SIGINT. */
const config = loadConfig();
const app = await buildApp({ config });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
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
