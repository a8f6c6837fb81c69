import { CommanderError } from 'commander';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { AdminInputError, type AppRunner, buildAdminProgram } from './program.ts';

// The admin command line works on the database the server is configured for (the same
// environment: DATA_DIR or DATABASE_URL, SMTP_URL, PUBLIC_URL for the links it mails).
const withApp: AppRunner = async (work) => {
  const app = await buildApp({ ...loadConfig(), logLevel: 'warn' });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
};

buildAdminProgram(withApp)
  .parseAsync()
  .catch((error: unknown) => {
    if (error instanceof CommanderError) process.exit(error.exitCode);
    // Refusals (bad input, unknown request, taken e-mail) are one line; anything else keeps its stack.
    const expected = error instanceof AppError || error instanceof AdminInputError || error instanceof ConfigError;
    console.error(expected ? error.message : error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
