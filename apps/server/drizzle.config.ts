import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-billing.ts',
    './src/db/schema-families.ts',
    './src/db/schema-chat.ts',
    './src/db/schema-desk.ts',
    './src/db/schema-agreements.ts',
  ],
  out: './drizzle',
});
