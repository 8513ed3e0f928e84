import { loadEnv } from './env.ts';
import { buildApp } from './app.ts';

// Only listens and shuts down gracefully; everything else lives in app.ts.
async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const app = await buildApp({ env });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info({ database: app.database.dialect }, `Blok draait op http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
