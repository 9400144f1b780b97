import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations for server/db/schema.ts; the server applies them on start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
