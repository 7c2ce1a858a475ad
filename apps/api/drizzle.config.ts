import { defineConfig } from 'drizzle-kit';

// MIGRATIONS_OUT lets the schema-drift test generate into a scratch copy instead of the committed folder.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: process.env.MIGRATIONS_OUT ?? './drizzle',
  casing: 'snake_case',
});
