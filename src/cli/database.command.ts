// `staffing migrate` and `staffing seed`.
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { ensureDemo } from '../resources/tenants/demo.seed.ts';
import { printDemoCredentials } from './serve.ts';

export async function migrateCommand(config: Config): Promise<number> {
  const connection = await connect(config);
  try {
    await prepareDatabase(connection.database.pool);
    console.log('Migrations applied.');
    return 0;
  } finally {
    await connection.close();
  }
}

export async function seedCommand(config: Config): Promise<number> {
  const connection = await connect(config);
  try {
    await prepareDatabase(connection.database.pool);
    printDemoCredentials(config, await ensureDemo(connection.database.db, config.DATA_DIR));
    return 0;
  } finally {
    await connection.close();
  }
}
