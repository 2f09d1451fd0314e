import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

/** `npm run db:seed`: migrates, then loads the demo data if the database is empty. */
const config = loadConfig();
const app = await buildApp({ config: { ...config, seed: 'demo' }, logger: { level: 'warn' } });
await app.close();
console.log('The database has the demo data (it is only loaded into an empty database).');
