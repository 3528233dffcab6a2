import { ConfigError, loadConfig } from './config/config.js';
import { createApp } from './app.js';
import { DEMO_USERS } from './identity/identity.data.js';
import { DEMO_API_CLIENT_BRANDS, demoClientId, demoClientSecret } from './partner/api-client.demo.js';
import { collectStartGarbage } from './start-garbage.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}

const app = await createApp(config);
await app.listen({ port: config.port, host: config.host });
collectStartGarbage();
const url = `http://localhost:${config.port}`;
const lines = [
  `Licencias is running on ${url}`,
  `  storefront   ${url}/  (brands: http://colnomina.localhost:${config.port}, http://firmaya.localhost:${config.port}, ...)`,
  `  back office  ${url}/admin`,
  `  API docs     ${url}/docs`,
  `  database     ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`}`,
];
if (config.demoData) {
  lines.push('', `Demo accounts (password: ${config.demoPassword}):`);
  for (const user of DEMO_USERS) lines.push(`  ${user.username.padEnd(12)} ${user.roleCode}`);
  lines.push('', 'Demo API clients (partner API: POST /api/v1/oauth/token, client id and secret):');
  for (const brand of DEMO_API_CLIENT_BRANDS) lines.push(`  ${demoClientId(brand).padEnd(16)} ${demoClientSecret(config.demoPassword, brand)}`);
}
console.log(`\n${lines.join('\n')}\n`);
