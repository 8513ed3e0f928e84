// npm run user:role -- <e-mail> <student|author|editor|admin>
// Gives an account a studio role (issue 29): the first admin is made here, later ones in the studio.
import { ROLE_NAMES, RoleNameSchema } from '@blok/contract';
import { migrateToLatest, openDatabase } from '@blok/db';
import { loadEnv } from '../env.ts';
import { AppError } from '../errors.ts';
import { contentWriters } from '../content/importer.ts';
import { StudioService } from '../studio/service.ts';
import { UserAccounts } from '../user/accounts.ts';
import { UnitOfWork } from '../write/unit-of-work.ts';

async function main(): Promise<number> {
  const [email, role] = process.argv.slice(2);
  const parsed = RoleNameSchema.safeParse(role);
  if (!email || !parsed.success) {
    console.error(`Gebruik: npm run user:role -- <e-mailadres> <${ROLE_NAMES.join('|')}>`);
    return 2;
  }
  const env = loadEnv();
  const handle = await openDatabase({ url: env.DATABASE_URL });
  try {
    await migrateToLatest(handle.db);
    const uow = new UnitOfWork(handle.db);
    const studio = new StudioService(uow, new UserAccounts(uow), contentWriters());
    const member = await studio.setRole(null, email, parsed.data);
    console.log(`${member.email} is nu ${member.role}`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await handle.close();
  }
}

main().then((code) => process.exit(code), (err) => {
  console.error(err);
  process.exit(1);
});
